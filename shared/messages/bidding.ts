/**
 * Texts of maximum (proxy) bidding, reserves and retraction, shared by server and client (the
 * spec has none for them; its own bid texts stay in shared/messages.ts).
 * Source: issue "Bidding engine: maximum (proxy) bids, increment bands, reserve met, retraction".
 */
export const BIDDING_MESSAGES = {
  placed: 'Your bid has been placed.',
  placedOutbidByMaximum: 'Your bid has been placed, but another bidder’s maximum is higher. You have been outbid.',
  tiedWithEarlierMaximum: (amount: string) => `Another bidder set a maximum of ${amount} earlier, so their bid stands. You have been outbid.`,
  maximumRaised: (amount: string) => `Your maximum is now ${amount}.`,
  maximumNotHigher: (amount: string) => `Your maximum is already ${amount}. A new maximum must be higher.`,
  maximumBelowAmount: 'Your maximum must be at least your bid.',
  invalidMaximum: 'Please enter a valid maximum',
  yourMaximum: (amount: string) => `Your maximum: ${amount}`,
  reserveMet: 'Reserve met',
  reserveNotMet: 'Reserve not met',
  endedNotSoldReserve: 'Reserve not met — not sold',
  endedNotSold: 'Ended — not sold',
  retractionReasonRequired: 'Give a reason for the retraction',
  bidNotFound: 'Bid not found',
  /** A bidder an operator blocked (issue 13 "Bidders"; 403, reason `suspended`). */
  biddingSuspended: 'Your bidding has been suspended. Please contact us.',
  /** A bid that would take a bidder's leads plus unpaid wins above their limit (issue 13 "Bidders"; 403, reason `over_limit`). */
  overSpendingLimit: (limit: string) => `This bid would take you over your spending limit of ${limit}. Please contact us.`,
  /** A bid pressed while the browser has no network: refused on the device, never queued (issue "Installable and offline"). */
  offline: 'You are offline. Bids can only be placed while connected.',
} as const;
