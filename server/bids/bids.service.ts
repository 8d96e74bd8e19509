import { sql, type Kysely } from 'kysely';
import { MESSAGES } from '../../shared/messages.js';
import { minimumNextBid } from '../../shared/rules/bidding.js';
import { formatMK } from '../../shared/rules/money.js';
import type { Bid } from '../../shared/schemas/bid.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { getSoftCloseMinutes } from '../settings/settings.repository.js';
import { hasActiveSubscription } from '../subscriptions/subscriptions.repository.js';

/** Why a bid was refused (also the label of the rejection metric). */
export type BidRejectReason =
  | 'not_found'
  | 'cash_item'
  | 'closed'
  | 'ended'
  | 'not_started'
  | 'not_subscribed'
  | 'too_low';

/** An accepted bid: the stored bid, the item's new state and who led before. */
export interface PlacedBid {
  bid: Bid;
  item: { id: number; bid_amount: number; bid_count: number; min_next_bid: number; date_to: string | null };
  previousLeaderId: number | null;
  previousAmount: number | null;
  /** Soft close: the end time before this bid extended it (ISO), or null when it did not. */
  extendedFrom: string | null;
}

const reject = (status: number, reason: BidRejectReason, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(status, status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'bid_rejected', message,
    status === 422 ? { amount: [message] } : undefined, { error: message, reason, ...extra });

/**
 * Places a bid. One transaction: lock the item row, check every rule, a conditional update of
 * the item (`bid_amount < amount`) and the insert of the bid. The row lock and the condition
 * make the database decide races: of two bids racing, the second sees the first's amount.
 * Rules (spec/shopping.md §4-5, DESIGN.md "How a bid flows"): item exists; not a cash item;
 * open (closed_by empty, status available); started; before date_to; live items need an active
 * subscription to the item's auction type; amount ≥ max(current bid, starting amount) + increment.
 * Soft close (issue 6): a bid on an ONLINE auction within the last `softCloseMinutes` (setting
 * `soft_close_minutes`, default 2, read in the transaction when not given) moves `date_to` to
 * now + that many minutes in the same update; live auctions keep their window.
 * The caller checks sign-in and the `place_bids` permission.
 * @param amount whole MWK, positive.
 * @throws AppError 404/403/422 with `{error, reason}` (`reason` is a BidRejectReason); a too-low
 *   bid's message contains 'less than current' and carries `min_next_bid`.
 */
export async function placeBid(
  db: Kysely<Database>,
  input: { itemId: number; userId: number; amount: number; increment: number; softCloseMinutes?: number },
): Promise<PlacedBid> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('items')
      .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
      .select([
        'items.id',
        'items.status',
        'items.closed_by',
        'items.bid_amount',
        'items.bid_count',
        'items.target_amount',
        'items.leader_id',
        'items.date_from',
        'items.date_to',
        'items.auction_type_id',
        'at.type as kind',
        'at.name as auction_name',
        sql<Date>`now()`.as('now'),
      ])
      .where('items.id', '=', input.itemId)
      .forUpdate('items')
      .executeTakeFirst();
    if (!item) throw reject(404, 'not_found', MESSAGES.itemNotFound);
    if (item.kind === 'cash') throw reject(422, 'cash_item', MESSAGES.cashNotBiddable);
    if (item.closed_by != null || item.status !== 'available') throw reject(422, 'closed', MESSAGES.auctionEnded);
    const now = item.now.getTime();
    if (item.date_to && item.date_to.getTime() <= now) throw reject(422, 'ended', MESSAGES.auctionEnded);
    if (item.date_from && item.date_from.getTime() > now) throw reject(422, 'not_started', MESSAGES.auctionNotStarted);
    if (item.kind === 'live' && !(await hasActiveSubscription(trx, input.userId, item.auction_type_id))) {
      throw reject(403, 'not_subscribed', MESSAGES.notSubscribed(item.auction_name), { auction_type_id: item.auction_type_id });
    }
    const minimum = minimumNextBid(item.bid_amount, item.target_amount, input.increment);
    if (input.amount < minimum) {
      throw reject(422, 'too_low', MESSAGES.bidLessThanCurrent(formatMK(minimum)), {
        min_next_bid: minimum,
        bid_amount: item.bid_amount,
      });
    }
    const softCloseMs = item.kind === 'online' ? (input.softCloseMinutes ?? (await getSoftCloseMinutes(trx))) * 60_000 : 0;
    const extendTo = item.date_to && softCloseMs > 0 && item.date_to.getTime() - now < softCloseMs ? new Date(now + softCloseMs) : null;
    const updated = await trx
      .updateTable('items')
      .set((eb) => ({
        bid_amount: input.amount,
        bid_count: eb('bid_count', '+', 1),
        leader_id: input.userId,
        updated_at: sql`now()`,
        ...(extendTo ? { date_to: extendTo } : {}),
      }))
      .where('id', '=', item.id)
      .where((eb) => eb.or([eb('bid_amount', 'is', null), eb('bid_amount', '<', input.amount)]))
      .returning(['bid_amount', 'bid_count', 'date_to'])
      .executeTakeFirst();
    if (!updated) throw reject(422, 'too_low', MESSAGES.bidLessThanCurrent(formatMK(minimum)), { min_next_bid: minimum });
    const stored = await trx
      .insertInto('bids')
      .values({ item_id: item.id, user_id: input.userId, bid_amount: input.amount })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const user = await trx.selectFrom('users').select('name').where('id', '=', input.userId).executeTakeFirst();
    return {
      bid: {
        id: stored.id,
        item_id: item.id,
        user_id: input.userId,
        bid_amount: input.amount,
        created_at: stored.created_at.toISOString(),
        user: { name: user?.name ?? null },
      },
      item: {
        id: item.id,
        bid_amount: Number(updated.bid_amount),
        bid_count: updated.bid_count,
        min_next_bid: minimumNextBid(updated.bid_amount, item.target_amount, input.increment),
        date_to: updated.date_to ? updated.date_to.toISOString() : null,
      },
      previousLeaderId: item.leader_id,
      previousAmount: item.bid_amount,
      extendedFrom: extendTo && item.date_to ? item.date_to.toISOString() : null,
    };
  });
}
