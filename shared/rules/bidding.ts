/** Default bid increment in MWK when the setting is missing. Source: spec/shopping.md §9. */
export const DEFAULT_BID_INCREMENT = 1;

/**
 * Normalises the bid increment setting: at least 1, default 1 when missing or unreadable.
 * Source: spec/shopping.md §5 "Bidding" and §9 "Bid increment".
 */
export function normaliseIncrement(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n)) return DEFAULT_BID_INCREMENT;
  return Math.max(1, Math.ceil(n));
}

/**
 * The lowest acceptable next bid in MWK: max(current bid, starting amount) + increment.
 * `bidAmount` is the item's current bid (null/0 when none), `targetAmount` its starting amount.
 * Source: spec/shopping.md §5 "Bidding".
 */
export function minimumNextBid(
  bidAmount: number | string | null | undefined,
  targetAmount: number | string | null | undefined,
  increment: number = DEFAULT_BID_INCREMENT,
): number {
  const current = Number(bidAmount ?? 0) || 0;
  const start = Number(targetAmount ?? 0) || 0;
  return Math.max(current, start) + normaliseIncrement(increment);
}

/**
 * Position of a bidder on an item: 'winning' when their bid is at least the current bid and
 * above 0, otherwise 'outbid'. Source: spec/accounts-and-shell.md §4 "Bid dashboard bid position".
 */
export function bidPosition(yourBid: number | string, currentBid: number | string | null | undefined): 'winning' | 'outbid' {
  const mine = Number(yourBid) || 0;
  const current = Number(currentBid ?? 0) || 0;
  return mine > 0 && mine >= current ? 'winning' : 'outbid';
}

/**
 * Width of the dashboard position bar in percent: your bid as a share of the current bid,
 * clamped to 10–100. Source: spec/accounts-and-shell.md §4.
 */
export function positionBarPercent(yourBid: number | string, currentBid: number | string | null | undefined): number {
  const mine = Number(yourBid) || 0;
  const current = Number(currentBid ?? 0) || 0;
  const raw = current > 0 ? (mine / current) * 100 : 100;
  return Math.min(100, Math.max(10, raw));
}

/** A bid counts as new for 5 minutes after it was placed. Source: spec/shopping.md §9. */
export const NEW_BID_WINDOW_MS = 5 * 60 * 1000;

/** True when a bid placed at `createdAt` is within the 5-minute New badge window at `now`. */
export function isNewBid(createdAt: string | Date, now: Date = new Date()): boolean {
  const t = new Date(createdAt).getTime();
  return Number.isFinite(t) && now.getTime() - t >= 0 && now.getTime() - t < NEW_BID_WINDOW_MS;
}
