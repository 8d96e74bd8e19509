import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { RouteGuard, type RouteFlags } from '../features/auth/components/route-guard';
import { AppLayout } from './layout/app-layout';
import { DEFAULT_ROUTE_PATHS, SPA_BASES, SPA_ROUTE_PATHS, type ClientRoutePath } from '@shared/client-routes';

const HomeRoute = lazy(() => import('./routes/home'));
const AuctionsRoute = lazy(() => import('./routes/auctions'));
const ItemRoute = lazy(() => import('./routes/item'));
const LoginRoute = lazy(() => import('./routes/login'));
const RegisterRoute = lazy(() => import('./routes/register'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const LogoutRoute = lazy(() => import('./routes/logout'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const AboutRoute = lazy(() => import('./routes/about'));
const AboutSimpleRoute = lazy(() => import('./routes/about-simple'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const BidDashboardRoute = lazy(() => import('./routes/bid-dashboard'));
const BidDashboardActiveBidsRoute = lazy(() => import('./routes/bid-dashboard-active-bids'));
const BidDashboardWatchlistRoute = lazy(() => import('./routes/bid-dashboard-watchlist'));
const CartRoute = lazy(() => import('./routes/cart'));
const CheckoutRoute = lazy(() => import('./routes/checkout'));
const PaymentSuccessRoute = lazy(() => import('./routes/payment-success'));
const PaymentCancelRoute = lazy(() => import('./routes/payment-cancel'));
const RegisterBidRoute = lazy(() => import('./routes/register-bid'));
const AdminRoute = lazy(() => import('./routes/admin'));
const SaleCatalogueRoute = lazy(() => import('./routes/sale-catalogue'));
const SitePageRoute = lazy(() => import('./routes/site-page'));
const LiveRoomRoute = lazy(() => import('./routes/live-room'));
const AdminLiveRoute = lazy(() => import('./routes/admin-live'));

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
