import { MESSAGES } from '../messages.js';
import { formatMK } from './money.js';

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
 * One band of an increment table: from price `from` (MWK, inclusive) upwards, bids rise by
 * `increment` (MWK, at least 1). Source: issue "Bidding engine" (increment bands).
 */
export interface IncrementBand {
  from: number;
  increment: number;
}

/**
 * An increment table made valid: whole kwacha, `from` ≥ 0 and ascending without repeats,
 * increments at least 1, and a first band from 0 (the first given band's increment, or
 * `fallback` when the table is empty). A number is the flat table `[{from: 0, increment}]`
 * (the spec's `auction_bid_increment`). Source: spec/shopping.md §9; issue "Bidding engine".
 */
export function normaliseBands(table: readonly IncrementBand[] | number | null | undefined, fallback: number = DEFAULT_BID_INCREMENT): IncrementBand[] {
  if (table == null || typeof table === 'number') return [{ from: 0, increment: normaliseIncrement(table ?? fallback) }];
  const bands = table
    .filter((b) => Number.isFinite(Number(b.from)) && Number(b.from) >= 0)
    .map((b) => ({ from: Math.floor(Number(b.from)), increment: normaliseIncrement(b.increment) }))
    .sort((a, b) => a.from - b.from)
    .filter((b, i, all) => i === 0 || all[i - 1].from !== b.from);
  if (bands.length === 0) return [{ from: 0, increment: normaliseIncrement(fallback) }];
  if (bands[0].from !== 0) bands.unshift({ from: 0, increment: bands[0].increment });
  return bands;
}

/**
 * The increment in MWK at `price`: the band with the highest `from` at or below it. `table` is
 * an increment table or a flat increment. Source: issue "Bidding engine" (increment bands).
 */
export function incrementAt(price: number, table: readonly IncrementBand[] | number): number {
  if (typeof table === 'number') return normaliseIncrement(table);
  let increment = table.length ? normaliseIncrement(table[0].increment) : DEFAULT_BID_INCREMENT;
  for (const band of table) {
    if (band.from <= price) increment = normaliseIncrement(band.increment);
    else break;
  }
  return increment;
}

/**
 * The lowest acceptable next bid in MWK: max(current bid, starting amount) + the increment at
 * that price. `bidAmount` is the item's current bid (null/0 when none), `targetAmount` its
 * starting amount, `increment` a flat increment or an ascending table of bands
 * ({@link normaliseBands}). Source: spec/shopping.md §5 "Bidding"; bands from issue "Bidding engine".
 */
export function minimumNextBid(
  bidAmount: number | string | null | undefined,
  targetAmount: number | string | null | undefined,
  increment: number | readonly IncrementBand[] = DEFAULT_BID_INCREMENT,
): number {
  const current = Number(bidAmount ?? 0) || 0;
  const start = Number(targetAmount ?? 0) || 0;
  const base = Math.max(current, start);
  return base + incrementAt(base, increment);
}

/**
 * The largest bid amount in MWK Gavel takes: MK 999,999,999,999, the most the amount columns
 * hold (`numeric(14,2)`: 12 digits before the point). The bid input schema refuses anything
 * above it. A lot's price climbs towards it only bid by bid, each at most {@link bidCeiling}
 * (by default 10 times the minimum next bid) and each by a bidder who is not already leading,
 * so one bid can no longer take a lot from its opening price to the top: from MK 1,000 it takes
 * at least nine accepted bids, alternating between bidders. While a lot's price is at most
 * `MAX_BID_AMOUNT - increment`, its minimum next bid is a bid every rule accepts (the ceiling is
 * never below the minimum); a lot priced above that has reached the top and takes no more bids.
 * Source: fault-hardening review (one huge bid froze a lot).
 */
export const MAX_BID_AMOUNT = 999_999_999_999;

/** Default of the setting `max_bid_factor`. Source: fault-hardening review. */
export const DEFAULT_MAX_BID_FACTOR = 10;

/**
 * Normalises the setting `max_bid_factor` (how many times the minimum next bid a plain bid may
 * be): a number, or a numeric string; at least 1 (so the minimum next bid is always allowed);
 * 10 when missing or unreadable. Source: fault-hardening review.
 */
export function normaliseBidFactor(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n)) return DEFAULT_MAX_BID_FACTOR;
  return Math.max(1, n);
}

/**
 * The highest plain bid in MWK allowed on a lot whose minimum next bid is `minimumNext`:
 * `factor` × `minimumNext`, rounded down (the factor is normalised by
 * {@link normaliseBidFactor}). A bid equal to the ceiling is allowed; one above it is refused, so
 * a single bid can't lift a lot's price out of everyone's reach.
 * Source: fault-hardening review (setting `max_bid_factor`, default 10).
 */
export function bidCeiling(minimumNext: number, factor: number = DEFAULT_MAX_BID_FACTOR): number {
  return Math.floor(minimumNext * normaliseBidFactor(factor));
}

/**
 * Whether `amount` (MWK) is above the lot's {@link bidCeiling}: the text to show the bidder
 * (MESSAGES.bidAboveCeiling, amounts as `MK 1,234`), or null when the amount is within it.
 * The server's `placeBids` refuses such a bid with this text (422, reason `too_high`); the
 * client's bid form shows it before sending. Source: fault-hardening review.
 */
export function bidCeilingRefusal(amount: number, minimumNext: number, factor: number = DEFAULT_MAX_BID_FACTOR): string | null {
  if (amount <= bidCeiling(minimumNext, factor)) return null;
  return MESSAGES.bidAboveCeiling(formatMK(amount), normaliseBidFactor(factor), formatMK(minimumNext));
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
