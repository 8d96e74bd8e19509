/**
 * Bid dashboard texts quoted word for word by the specification, shared by server and client.
 * Source: spec/accounts-and-shell.md §2 "/bid-dashboard" and §8 "Dashboard".
 */
export const DASHBOARD_MESSAGES = {
  failedToLoad: 'Failed to load dashboard data. Please try refreshing the page.',
  failedToFetchDashboard: 'Failed to fetch dashboard data',
  failedToFetchActiveBids: 'Failed to fetch active bids',
  failedToFetchStats: 'Failed to fetch stats',
  failedToLoadBidHistory: 'Failed to load bid history',
  invalidBidRecord: 'Invalid Bid Record - This bid is missing required information',
  signInTitle: 'Sign in to access your bid dashboard',
} as const;

/** Dashboard history page size and its search debounce. Source: accounts-and-shell §9. */
export const DASHBOARD_HISTORY_PAGE_SIZE = 10;
/** Search debounce of the Recent Bid History table, ms. Source: accounts-and-shell §9. */
export const DASHBOARD_SEARCH_DEBOUNCE_MS = 500;
/** Latest bids shown in the History timeline modal (`?limit=10`). Source: accounts-and-shell §7. */
export const BID_TIMELINE_LIMIT = 10;
