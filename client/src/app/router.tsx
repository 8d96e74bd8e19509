import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { RouteGuard, type RouteFlags } from '../features/auth/components/route-guard';
import { AppLayout } from './layout/app-layout';
import { DEFAULT_ROUTE_PATHS, SPA_BASES, SPA_ROUTE_PATHS, type ClientRoutePath } from '@shared/client-routes';

/**
 * A page other than the first ones a bidder opens (home, the listing, a lot, a sale's catalogue):
 * its code comes with the whole of Mantine's styles (lib/mantine-styles-all.ts), which the first
 * pages do without (lib/mantine-styles-first.ts). Source: issue 17 "CSS: … the rest with their
 * lazy chunks".
 */
function laterPage<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => Promise.all([load(), import('../lib/mantine-styles-all')]).then(([page]) => page));
}

const HomeRoute = lazy(() => import('./routes/home'));
const AuctionsRoute = lazy(() => import('./routes/auctions'));
const ItemRoute = lazy(() => import('./routes/item'));
const LoginRoute = laterPage(() => import('./routes/login'));
const RegisterRoute = laterPage(() => import('./routes/register'));
const ForgotPasswordRoute = laterPage(() => import('./routes/forgot-password'));
const ResetPasswordRoute = laterPage(() => import('./routes/reset-password'));
const LogoutRoute = laterPage(() => import('./routes/logout'));
const ProfileRoute = laterPage(() => import('./routes/profile'));
const AboutRoute = laterPage(() => import('./routes/about'));
const AboutSimpleRoute = laterPage(() => import('./routes/about-simple'));
const NotFoundRoute = laterPage(() => import('./routes/not-found'));
const BidDashboardRoute = laterPage(() => import('./routes/bid-dashboard'));
const BidDashboardActiveBidsRoute = laterPage(() => import('./routes/bid-dashboard-active-bids'));
const BidDashboardWatchlistRoute = laterPage(() => import('./routes/bid-dashboard-watchlist'));
const CartRoute = laterPage(() => import('./routes/cart'));
const CheckoutRoute = laterPage(() => import('./routes/checkout'));
const PaymentSuccessRoute = laterPage(() => import('./routes/payment-success'));
const PaymentCancelRoute = laterPage(() => import('./routes/payment-cancel'));
const RegisterBidRoute = laterPage(() => import('./routes/register-bid'));
const AdminRoute = laterPage(() => import('./routes/admin'));
const SaleCatalogueRoute = lazy(() => import('./routes/sale-catalogue'));
const SitePageRoute = laterPage(() => import('./routes/site-page'));
const LiveRoomRoute = laterPage(() => import('./routes/live-room'));
const AdminLiveRoute = laterPage(() => import('./routes/admin-live'));

type Page = LazyExoticComponent<ComponentType<Record<string, never>>> | (() => ReactElement);

/** One route of a route set: its path (relative to the set's base), page and flags. */
interface AppRoute extends RouteFlags {
  path: string;
  page: Page;
}

/**
 * The page and flags of every client path; which paths each route set has comes from
 * shared/client-routes.ts, the list the server answers 404 outside of.
 */
const PAGES: Record<ClientRoutePath, Omit<AppRoute, 'path'>> = {
  '': { page: HomeRoute },
  homepage: { page: HomeRoute },
  shop: { page: AuctionsRoute },
  auctions: { page: AuctionsRoute },
  'auctions/:id': { page: SaleCatalogueRoute },
  about: { page: AboutRoute },
  'about-simple': { page: AboutSimpleRoute },
  terms: { page: SitePageRoute },
  privacy: { page: SitePageRoute },
  'item/:id': { page: ItemRoute },
  cart: { page: CartRoute },
  checkout: { page: CheckoutRoute },
  'payment-success': { page: PaymentSuccessRoute },
  'payment-cancel': { page: PaymentCancelRoute },
  'register-bid': { page: RegisterBidRoute },
  'bid-dashboard': { requiresAuth: true, page: BidDashboardRoute },
  'bid-dashboard/active-bids': { requiresAuth: true, page: BidDashboardActiveBidsRoute },
  'bid-dashboard/watchlist': { requiresAuth: true, page: BidDashboardWatchlistRoute },
  profile: { requiresAuth: true, page: ProfileRoute },
  login: { page: LoginRoute },
  register: { page: RegisterRoute },
  'forgot-password': { page: ForgotPasswordRoute },
  'reset-password': { page: ResetPasswordRoute },
  logout: { page: LogoutRoute },
  'admin/:section?': { requiresAuth: true, requiresAdmin: true, page: AdminRoute },
  'admin/bidders/:id': { requiresAuth: true, requiresAdmin: true, page: AdminRoute },
  'admin/sales/:id': { requiresAuth: true, requiresAdmin: true, page: AdminRoute },
  'admin/lots/:id': { requiresAuth: true, requiresAdmin: true, page: AdminRoute },
  'live/:id': { page: LiveRoomRoute },
  'admin/live/:id': { requiresAuth: true, requiresAdmin: true, page: AdminLiveRoute },
};

const routeSet = (paths: readonly ClientRoutePath[]): AppRoute[] => paths.map((path) => ({ path, ...PAGES[path] }));

/**
 * The default route set (entry paths other than /spa and /home-vue; the standalone entries
 * /cart, /checkout, /payment-success, /payment-cancel, /item/{id} and /about are its members).
 * Source: spec/accounts-and-shell.md §2 "Route sets".
 */
const DEFAULT_SET = routeSet(DEFAULT_ROUTE_PATHS);

/** The in-app set under /spa (and /home-vue): protected pages show their own sign-in prompt there. */
const SPA_SET = routeSet(SPA_ROUTE_PATHS);

function toRoutes(set: AppRoute[]): RouteObject[] {
  return set.map(({ path, page: Page, requiresAuth, requiresAdmin }) => ({
    path: path || undefined,
    index: path === '' ? true : undefined,
    element: (
      <RouteGuard requiresAuth={requiresAuth} requiresAdmin={requiresAdmin}>
        <Page />
      </RouteGuard>
    ),
  }));
}

const notFound: RouteObject = { path: '*', element: <NotFoundRoute /> };

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router over every route of the one React app (unknown paths show home titled as page
 * not found), made on first call. Making it ranks every route, a task of its own on a cheap phone
 * (client/src/main.tsx calls this before the first render; issue 17).
 */
export function prepareRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        ...SPA_BASES.map((base) => ({ path: `/${base}`, children: [...toRoutes(SPA_SET), notFound] })),
        { path: '/', children: [...toRoutes(DEFAULT_SET), notFound] },
      ],
    },
  ]);
  return router;
}

/** The app's router. */
export function AppRouter() {
  return <RouterProvider router={prepareRouter()} />;
}
