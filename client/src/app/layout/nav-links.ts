/** Main navigation of the header and the phone drawer. Source: spec/accounts-and-shell.md §2. */
export const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/auctions', label: 'Auctions', end: false },
  { to: '/about', label: 'About', end: false },
];

/** Account pages listed in the phone drawer for a signed-in user (full page loads, as in the user menu). */
export const ACCOUNT_LINKS = [
  { href: '/bid-dashboard', label: 'Bid Dashboard' },
  { href: '/bid-dashboard/watchlist', label: 'My Watchlist' },
  { href: '/spa/profile', label: 'My Profile' },
];
