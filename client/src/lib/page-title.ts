import { useEffect } from 'react';

/** Product name every page title ends with. Source: spec/accounts-and-shell.md §2. */
export const PRODUCT_NAME = 'Gavel';

/**
 * Titles of the routes (shown as `{title} | Gavel`). Source: spec/accounts-and-shell.md §2
 * "Page titles are set per route" and spec/shopping.md §2.
 */
export const PAGE_TITLES = {
  home: 'Home',
  notFound: 'Page Not Found',
  cart: 'Shopping Cart',
  checkout: 'Secure Checkout',
  paymentSuccess: 'Payment Successful',
  paymentCancel: 'Payment Not Completed',
  registerBid: 'Register for Auction',
  bidDashboard: 'Bid Dashboard',
  profile: 'My Profile',
  login: 'Sign In',
  register: 'Create Account',
  about: 'About Us',
  aboutSimple: 'About Us - Simple Test',
} as const;

/** Sets `document.title` to `{title} | Gavel` while the calling page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
