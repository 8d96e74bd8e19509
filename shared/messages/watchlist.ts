/**
 * Watchlist texts quoted word for word by the specification, shared by server and client.
 * Source: spec/accounts-and-shell.md §5 "Watchlist" and §8; spec/shopping.md §4 "Newsletter and
 * sign-in prompt" and §8 "Listing and shared".
 */
export const WATCHLIST_MESSAGES = {
  signInToAdd: 'Please sign in to add items to your watchlist',
  signInToManage: 'Please sign in to manage your watchlist',
  failedToFetch: 'Failed to fetch watchlist',
  failedToAdd: 'Failed to add item to watchlist',
  failedToRemove: 'Failed to remove item from watchlist',
  failedToUpdate: 'Failed to update watchlist',
  added: 'Item added to watchlist',
  removed: 'Item removed from watchlist',
  signedInWelcomeTitle: 'Welcome!',
  signedInWelcome: 'You are now signed in and can add items to your watchlist!',
} as const;

/** Name of the window event fired after watchlist changes, `detail: {count}`. Source: accounts-and-shell §4. */
export const WATCHLIST_UPDATED_EVENT = 'watchlist-updated';

/** Watchlist page size (default 15, first page 1) and the dashboard panel size (5). Source: accounts-and-shell §9. */
export const WATCHLIST_PAGE_SIZE = 15;
/** Number of watchlist items on the dashboard panel. Source: accounts-and-shell §2, §9. */
export const DASHBOARD_WATCHLIST_PANEL_SIZE = 5;
