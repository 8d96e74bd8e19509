/**
 * Texts of live-auction registration and adverts, word for word where the spec quotes them.
 * Source: spec/shopping.md §5 "Register for auction" and §8.
 */
export const LIVE_AUCTION_MESSAGES = {
  referenceRequired: 'Bank deposit reference number is required',
  auctionRequired: 'Please select an auction to register for',
  termsRequired: 'required',
  captchaRequired: 'Please complete the reCAPTCHA verification.',
  securityTokenMissing: 'Security token not found. Please refresh the page.',
  registrationFailed: 'Registration failed. Please try again.',
  registrationNetworkFailed: 'Registration failed. Please check your connection and try again.',
  failedToLoadAuctions: 'Failed to load available auctions',
  referenceUsed: 'This deposit reference has already been used. Please check the reference on your bank slip.',
  alreadyRegistered: 'You already have a pending or approved registration for this auction.',
  notALiveAuction: 'Please select an auction to register for',
  registrationSubmitted: 'Registration submitted. We will verify your deposit and enable bidding once it is approved.',
  approved: (auction: string) => `Your registration for "${auction}" has been approved. You can now place bids.`,
  declined: (auction: string, reason: string | null) => `Your registration for "${auction}" was declined${reason ? `: ${reason}` : '.'}`,
  // What the operator who decided reads (issue 20): the bidder's own texts are above.
  operatorApproved: (bidder: string) => `Registration approved for ${bidder}`,
  operatorDeclined: (bidder: string) => `Registration declined for ${bidder}`,
} as const;
