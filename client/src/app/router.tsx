import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { RouteGuard, type RouteFlags } from '../features/auth/components/route-guard';
import { AppLayout } from './layout/app-layout';

const HomeRoute = lazy(() => import('./routes/home'));
const AuctionsRoute = lazy(() => import('./routes/auctions'));
const ItemRoute = lazy(() => import('./routes/item'));
const LoginRoute = lazy(() => import('./routes/login'));
const RegisterRoute = lazy(() => import('./routes/register'));
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

type Page = LazyExoticComponent<ComponentType<Record<string, never>>> | (() => ReactElement);

/** One route of a route set: its path (relative to the set's base), page and flags. */
interface AppRoute extends RouteFlags {
  path: string;
  page: Page;
}

const CART: AppRoute = { path: 'cart', page: CartRoute };
const CHECKOUT: AppRoute = { path: 'checkout', page: CheckoutRoute };
const PAYMENT_SUCCESS: AppRoute = { path: 'payment-success', page: PaymentSuccessRoute };
const PAYMENT_CANCEL: AppRoute = { path: 'payment-cancel', page: PaymentCancelRoute };
const REGISTER_BID: AppRoute = { path: 'register-bid', page: RegisterBidRoute };
const BID_DASHBOARD: AppRoute = { path: 'bid-dashboard', requiresAuth: true, page: BidDashboardRoute };
const BID_DASHBOARD_ACTIVE: AppRoute = { path: 'bid-dashboard/active-bids', requiresAuth: true, page: BidDashboardActiveBidsRoute };
const BID_DASHBOARD_WATCHLIST: AppRoute = { path: 'bid-dashboard/watchlist', requiresAuth: true, page: BidDashboardWatchlistRoute };

const ITEM: AppRoute = { path: 'item/:id', page: ItemRoute };
const PROFILE: AppRoute = { path: 'profile', requiresAuth: true, page: ProfileRoute };
const LOGIN: AppRoute = { path: 'login', page: LoginRoute };
const REGISTER: AppRoute = { path: 'register', page: RegisterRoute };
const ABOUT: AppRoute = { path: 'about', page: AboutRoute };

/**
 * The default route set (entry paths other than /spa and /home-vue; the standalone entries
 * /cart, /checkout, /payment-success, /payment-cancel, /item/{id} and /about are its members).
 * Source: spec/accounts-and-shell.md §2 "Route sets".
 */
const DEFAULT_SET: AppRoute[] = [
  { path: '', page: HomeRoute },
  { path: 'homepage', page: HomeRoute },
  { path: 'shop', page: AuctionsRoute },
  { path: 'auctions', page: AuctionsRoute },
  ABOUT,
  { path: 'about-simple', page: AboutSimpleRoute },
  ITEM,
  CART,
  CHECKOUT,
  PAYMENT_SUCCESS,
  PAYMENT_CANCEL,
  REGISTER_BID,
  BID_DASHBOARD,
  BID_DASHBOARD_ACTIVE,
  BID_DASHBOARD_WATCHLIST,
  PROFILE,
  LOGIN,
  REGISTER,
  { path: 'logout', page: LogoutRoute },
  { path: 'admin/:section?', requiresAuth: true, requiresAdmin: true, page: AdminRoute },
];

/** The in-app set under /spa (and /home-vue): protected pages show their own sign-in prompt there. */
const SPA_SET: AppRoute[] = [
  { path: '', page: HomeRoute },
  ITEM,
  CART,
  CHECKOUT,
  PAYMENT_SUCCESS,
  PAYMENT_CANCEL,
  REGISTER_BID,
  PROFILE,
  BID_DASHBOARD,
  LOGIN,
  REGISTER,
  ABOUT,
];

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

/** Every route of the one React app; unknown paths show home titled as page not found. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/spa', children: [...toRoutes(SPA_SET), notFound] },
      { path: '/home-vue', children: [...toRoutes(SPA_SET), notFound] },
      { path: '/', children: [...toRoutes(DEFAULT_SET), notFound] },
    ],
  },
]);

/** The app's router. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
