import { sql, type Kysely } from 'kysely';
import { MESSAGES } from '../../shared/messages.js';
import { minimumNextBid, normaliseIncrement } from '../../shared/rules/bidding.js';
import { formatMK } from '../../shared/rules/money.js';
import type { Bid } from '../../shared/schemas/bid.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';

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

/** One bid asked for, in arrival order. */
export interface BidRequest {
  userId: number;
  amount: number;
}

/** The outcome of one bid of a batch: placed, or refused with the error to answer. */
export type BidOutcome = { ok: true; placed: PlacedBid } | { ok: false; error: AppError };

/**
 * Places a batch of bids on ONE item in arrival order, in one transaction: lock the item row,
 * check the item's rules once, then each bid against the running highest bid, update the item
 * once and insert the accepted bids in one statement. The row lock makes the database decide
 * races between processes; within the batch, order decides. A later bid that no longer beats
 * an earlier accepted one is refused as too low, exactly as if it had come alone afterwards.
 * Rules (spec/shopping.md §4-5, DESIGN.md "How a bid flows"): item exists; not a cash item;
 * open (closed_by empty, status available); started; before date_to; live items need an active
 * subscription to the item's auction type; amount ≥ max(current bid, starting amount) + increment.
 * Soft close (issue 6): a bid on an ONLINE auction within the last `softCloseMinutes` (setting
 * `soft_close_minutes`, default 2) moves `date_to` to now + that many minutes; live auctions keep
 * their window. Settings not given in `opts` are read with the row lock (increment: setting
 * `auction_bid_increment`, minimum 1, default 1).
 * The caller checks sign-in and the `place_bids` permission.
 * @returns one outcome per request, in the same order. Refusals are AppError 404/403/422 with
 *   `{error, reason}` (`reason` a BidRejectReason); a too-low bid's message contains
 *   'less than current' and carries `min_next_bid`.
 */
export async function placeBids(
  db: Kysely<Database>,
  itemId: number,
  requests: BidRequest[],
  opts: { increment?: number; softCloseMinutes?: number } = {},
): Promise<BidOutcome[]> {
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
        // The settings travel with the lock: no extra round trip per batch.
        sql<unknown>`(SELECT value FROM settings WHERE key = 'auction_bid_increment')`.as('increment_setting'),
        sql<unknown>`(SELECT value FROM settings WHERE key = 'soft_close_minutes')`.as('soft_close_setting'),
      ])
      .where('items.id', '=', itemId)
      .forUpdate('items')
      .executeTakeFirst();
    const all = (error: AppError): BidOutcome[] => requests.map(() => ({ ok: false, error }));
    if (!item) return all(reject(404, 'not_found', MESSAGES.itemNotFound));
    if (item.kind === 'cash') return all(reject(422, 'cash_item', MESSAGES.cashNotBiddable));
    if (item.closed_by != null || item.status !== 'available') return all(reject(422, 'closed', MESSAGES.auctionEnded));
    const now = item.now.getTime();
    if (item.date_to && item.date_to.getTime() <= now) return all(reject(422, 'ended', MESSAGES.auctionEnded));
    if (item.date_from && item.date_from.getTime() > now) return all(reject(422, 'not_started', MESSAGES.auctionNotStarted));

    const userIds = [...new Set(requests.map((r) => r.userId))];
    const subscribed = item.kind === 'live' ? await activeSubscribers(trx, item.auction_type_id, userIds) : null;
    const increment = opts.increment ?? normaliseIncrement(item.increment_setting ?? 1);
    const softCloseSetting = Number(item.soft_close_setting ?? 2);
    const softCloseMinutes = opts.softCloseMinutes ?? (Number.isFinite(softCloseSetting) && softCloseSetting > 0 ? softCloseSetting : 0);
    const softCloseMs = item.kind === 'online' ? softCloseMinutes * 60_000 : 0;

    let current = item.bid_amount;
    let leader = item.leader_id;
    let count = item.bid_count;
    let dateTo = item.date_to;
    const originalDateTo = item.date_to;
    const outcomes: (BidOutcome | { ok: true; index: number; previousLeaderId: number | null; previousAmount: number | null; minNext: number; count: number; dateTo: Date | null })[] = [];
    const accepted: BidRequest[] = [];
    for (const r of requests) {
      if (subscribed && !subscribed.has(r.userId)) {
        outcomes.push({ ok: false, error: reject(403, 'not_subscribed', MESSAGES.notSubscribed(item.auction_name), { auction_type_id: item.auction_type_id }) });
        continue;
      }
      const minimum = minimumNextBid(current, item.target_amount, increment);
      if (r.amount < minimum) {
        outcomes.push({ ok: false, error: reject(422, 'too_low', MESSAGES.bidLessThanCurrent(formatMK(minimum)), { min_next_bid: minimum, bid_amount: current }) });
        continue;
      }
      if (dateTo && softCloseMs > 0 && dateTo.getTime() - now < softCloseMs) dateTo = new Date(now + softCloseMs);
      outcomes.push({ ok: true, index: accepted.length, previousLeaderId: leader, previousAmount: current, minNext: minimumNextBid(r.amount, item.target_amount, increment), count: count + 1, dateTo });
      accepted.push(r);
      current = r.amount;
      leader = r.userId;
      count++;
    }
    if (accepted.length === 0) return outcomes as BidOutcome[];

    // One statement: the item's new state (CTE) and the accepted bids, with their bidders' names.
    const stored = await trx
      .with('item_update', (db) =>
        db
          .updateTable('items')
          .set({ bid_amount: current!, bid_count: count, leader_id: leader, date_to: dateTo, updated_at: sql`now()` })
          .where('id', '=', item.id)
          .returning('id'),
      )
      .insertInto('bids')
      .values(accepted.map((r) => ({ item_id: item.id, user_id: r.userId, bid_amount: r.amount })))
      .returning((eb) => [
        'bids.id',
        'bids.created_at',
        'bids.bid_amount',
        eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'bids.user_id').as('user_name'),
      ])
      .execute();
    const byAmount = new Map(stored.map((b) => [b.bid_amount, b]));
    return outcomes.map((o) => {
      if (!('index' in o)) return o;
      const r = accepted[o.index];
      const row = byAmount.get(r.amount)!;
      const extended = o.dateTo && originalDateTo && o.dateTo.getTime() !== originalDateTo.getTime();
      return {
        ok: true as const,
        placed: {
          bid: { id: row.id, item_id: item.id, user_id: r.userId, bid_amount: r.amount, created_at: row.created_at.toISOString(), user: { name: row.user_name ?? null } },
          item: { id: item.id, bid_amount: r.amount, bid_count: o.count, min_next_bid: o.minNext, date_to: o.dateTo ? o.dateTo.toISOString() : null },
          previousLeaderId: o.previousLeaderId,
          previousAmount: o.previousAmount,
          extendedFrom: extended && originalDateTo ? originalDateTo.toISOString() : null,
        },
      };
    });
  });
}

/** Users of `userIds` holding an active subscription to the auction type. */
async function activeSubscribers(db: Kysely<Database>, auctionTypeId: number, userIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('auction_subscriptions')
    .select('user_id')
    .where('auction_type_id', '=', auctionTypeId)
    .where('status', '=', 'active')
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Places one bid ({@link placeBids} with a batch of one).
 * @throws the refusal's AppError (404/403/422 with `{error, reason}`).
 */
export async function placeBid(
  db: Kysely<Database>,
  input: { itemId: number; userId: number; amount: number; increment: number; softCloseMinutes?: number },
): Promise<PlacedBid> {
  const [outcome] = await placeBids(db, input.itemId, [{ userId: input.userId, amount: input.amount }], input);
  if (!outcome.ok) throw outcome.error;
  return outcome.placed;
}
