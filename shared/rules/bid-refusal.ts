import { MESSAGES } from '../messages.js';
import { itemKind, type ItemTiming } from './item-status.js';

/**
 * The fields of a lot that decide whether it can take a bid now: its kind (`kind`, else
 * `auction_type.type`; 'cash' when unknown), `status` ('available' | 'sold' | 'unsold' |
 * 'withdrawn'), `closed_by`, and its window `date_from`/`date_to` (ISO strings or Dates; null
 * for no bound). The server's locked row and the client's Item both fit.
 */
export interface BiddableLot extends Pick<ItemTiming, 'kind' | 'auction_type'> {
  status: string;
  closed_by: number | null;
  date_from?: string | Date | null;
  date_to?: string | Date | null;
}

/** Why a lot cannot take a bid now. */
export type BidRefusalReason = 'cash_item' | 'closed' | 'ended' | 'not_started';

/** A refusal: the reason and the text shown to the bidder (spec/shopping.md §8). */
export interface BidRefusal {
  reason: BidRefusalReason;
  message: string;
}

const ms = (d: string | Date | null | undefined) => (d == null ? Number.NaN : d instanceof Date ? d.getTime() : new Date(d).getTime());

/**
 * Whether a lot can take a bid at `now` (epoch ms or a Date; the server's clock, or the
 * client's clock corrected by `time:sync`). Checks, in this order: a daily-sale (cash) lot →
 * 'cash_item'; closed (`closed_by` set, or `status` not 'available': sold, unsold, withdrawn) →
 * 'closed'; `date_to` at or before now → 'ended'; `date_from` after now → 'not_started'. A
 * missing or unreadable date is no bound. The live-auction subscription and the amount are
 * checked elsewhere.
 * Source: spec/shopping.md §4 "Item timing on the detail page", §5 "Bidding", §8.
 * @returns null when the lot is open for bids, else `{reason, message}` with the spec's text
 *   (MESSAGES.cashNotBiddable, MESSAGES.auctionEnded, MESSAGES.auctionNotStarted).
 */
export function bidRefusal(lot: BiddableLot, now: number | Date): BidRefusal | null {
  const at = typeof now === 'number' ? now : now.getTime();
  if (itemKind(lot) === 'cash') return { reason: 'cash_item', message: MESSAGES.cashNotBiddable };
  if (lot.closed_by != null || lot.status !== 'available') return { reason: 'closed', message: MESSAGES.auctionEnded };
  const to = ms(lot.date_to);
  if (Number.isFinite(to) && to <= at) return { reason: 'ended', message: MESSAGES.auctionEnded };
  const from = ms(lot.date_from);
  if (Number.isFinite(from) && from > at) return { reason: 'not_started', message: MESSAGES.auctionNotStarted };
  return null;
}

/**
 * Whether bidding on the lot needs the bidder's approved registration: a live auction's lot, or a
 * lot of a sale that asks a deposit (`auction_type.deposit_required`). The server refuses others'
 * bids with 403 `not_subscribed`. Source: spec/shopping.md §5; issue 13 "Sales" (deposit).
 */
export function needsRegistration(lot: Pick<BiddableLot, 'kind'> & { auction_type?: { type: string; deposit_required?: boolean } | null }): boolean {
  return itemKind(lot) === 'live' || lot.auction_type?.deposit_required === true;
}

/**
 * Whether this viewer may bid on the lot now: {@link bidRefusal} finds nothing and, when the lot
 * needs a registration ({@link needsRegistration}), `subscribed` is true. `now` in epoch ms or a Date.
 * Source: spec/shopping.md §4 "Item timing on the detail page", §5 "Bidding".
 */
export function canBid(
  lot: BiddableLot & { auction_type?: { type: string; deposit_required?: boolean } | null },
  subscribed: boolean,
  now: number | Date = Date.now(),
): boolean {
  if (bidRefusal(lot, now)) return false;
  return !needsRegistration(lot) || subscribed;
}
