import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppLayout } from './layout/app-layout';

const HomeRoute = lazy(() => import('./routes/home'));
const AuctionsRoute = lazy(() => import('./routes/auctions'));
const ItemRoute = lazy(() => import('./routes/item'));
const LoginRoute = lazy(() => import('./routes/login'));
const RegisterRoute = lazy(() => import('./routes/register'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const BidDashboardRoute = lazy(() => import('./routes/bid-dashboard'));
const BidDashboardActiveBidsRoute = lazy(() => import('./routes/bid-dashboard-active-bids'));
const BidDashboardWatchlistRoute = lazy(() => import('./routes/bid-dashboard-watchlist'));
const CartRoute = lazy(() => import('./routes/cart'));
const CheckoutRoute = lazy(() => import('./routes/checkout'));
const PaymentSuccessRoute = lazy(() => import('./routes/payment-success'));
const PaymentCancelRoute = lazy(() => import('./routes/payment-cancel'));

/** Routes of the first milestone; every page is lazy-loaded. Source: spec/shopping.md §2. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/homepage', element: <HomeRoute /> },
      { path: '/shop', element: <AuctionsRoute /> },
      { path: '/auctions', element: <AuctionsRoute /> },
      { path: '/item/:id', element: <ItemRoute /> },
      { path: '/login', element: <LoginRoute /> },
      { path: '/register', element: <RegisterRoute /> },
      { path: '/bid-dashboard', element: <BidDashboardRoute /> },
      { path: '/bid-dashboard/active-bids', element: <BidDashboardActiveBidsRoute /> },
      { path: '/bid-dashboard/watchlist', element: <BidDashboardWatchlistRoute /> },
      { path: '/cart', element: <CartRoute /> },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/payment-success', element: <PaymentSuccessRoute /> },
      { path: '/payment-cancel', element: <PaymentCancelRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

/** The app's router. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
