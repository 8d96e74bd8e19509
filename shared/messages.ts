/**
 * User-facing texts quoted word for word by the specification, shared by server and client.
 * Source: spec/shopping.md §5 and §8, spec/accounts-and-shell.md §5 and §8; `bidAboveCeiling`
 * and `alreadyHighestBidder` come from the fault-hardening review (the spec has no text for them).
 */
export const MESSAGES = {
  itemNotFound: 'Item not found',
  serverError: 'Server error. Please try again later.',
  failedToLoadItem: 'Failed to load item',
  invalidItemData: 'Invalid item data received',
  mustSignInToBid: 'You must be signed in to place a bid',
  authenticationRequired: 'Authentication Required',
  noBidPermission: 'You do not have permission to place bids',
  invalidAmount: 'Please enter a valid amount',
  invalidBidAmount: 'Please enter a valid bid amount',
  minimumBid: (amount: string) => `Minimum bid is ${amount}`,
  bidLessThanCurrent: (amount: string) => `Your bid is less than current minimum bid of ${amount}`,
  bidAboveCeiling: (amount: string, factor: number, minimum: string) =>
    `Your bid of ${amount} is more than ${factor} times the minimum next bid of ${minimum}. Check the amount.`,
  alreadyHighestBidder: 'You are already the highest bidder.',
  bidBelowLatest: 'Your bid is below the latest current bid. Please increase and try again.',
  bidMinimumChanged: (amount: string) => `The current bid has changed. Minimum bid is now ${amount}.`,
  auctionEnded: 'This auction has ended',
  auctionNotStarted: 'This auction has not started yet',
  cashNotBiddable: 'Daily sale items are bought through the cart, not by bidding',
  notSubscribed: (auction: string) => `You need to subscribe to "${auction}" to place bids on this live auction item.`,
  failedToLoadBids: 'Failed to load bids',
  failedToFetchItems: 'Failed to fetch auction items.',
  failedToLoadMore: 'Failed to load more items',
  pleaseSignIn: 'Please sign in to continue with this action.',
  invalidCredentials: 'Invalid login credentials. Please check your email and password.',
  networkError: 'Network error. Please check your connection and try again.',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  securityTokenMissing: 'Security token not found. Please refresh the page.',
  unauthenticated: 'Unauthenticated.',
  csrfMismatch: 'CSRF token mismatch.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;
