import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppLayout } from './layout/app-layout';

const HomeRoute = lazy(() => import('./routes/home'));
const AuctionsRoute = lazy(() => import('./routes/auctions'));
const ItemRoute = lazy(() => import('./routes/item'));
const LoginRoute = lazy(() => import('./routes/login'));
const RegisterRoute = lazy(() => import('./routes/register'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const RegisterBidRoute = lazy(() => import('./routes/register-bid'));
const AdminRoute = lazy(() => import('./routes/admin'));

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
      { path: '/register-bid', element: <RegisterBidRoute /> },
      { path: '/admin/:section?', element: <AdminRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

/** The app's router. */
export function AppRouter() {
  return <RouterProvider router={router} />;
}
