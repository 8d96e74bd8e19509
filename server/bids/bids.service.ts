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

/** One bid of a batch over any items, in arrival order. */
export interface ItemBidRequest extends BidRequest {
  itemId: number;
}

type ItemState = {
  id: number;
  status: string;
  closed_by: number | null;
  bid_amount: number | null;
  bid_count: number;
  target_amount: number;
  leader_id: number | null;
  date_from: Date | null;
  date_to: Date | null;
  auction_type_id: number;
  kind: 'cash' | 'online' | 'live';
  auction_name: string;
};

/**
 * Places a batch of bids, on one item or many, in arrival order, in ONE transaction: lock the
 * items' rows (in id order, so two processes can't deadlock), check each bid against its item's
 * running state, then write every changed item and every accepted bid in one statement. The
 * row locks make the database decide races between processes; within the batch, order decides.
 * A later bid that no longer beats an earlier accepted one is refused as too low, exactly as if
 * it had come alone afterwards.
 * Rules (spec/shopping.md §4-5, DESIGN.md "How a bid flows"): item exists; not a cash item;
 * open (closed_by empty, status available); started; before date_to; live items need an active
 * subscription to the item's auction type; amount ≥ max(current bid, starting amount) + increment.
 * Soft close (issue 6): a bid on an ONLINE auction within the last `softCloseMinutes` (setting
 * `soft_close_minutes`, default 2) moves `date_to` to now + that many minutes; live auctions keep
 * their window. Settings not given in `opts` are read with the row locks (increment: setting
 * `auction_bid_increment`, minimum 1, default 1).
 * The caller checks sign-in and the `place_bids` permission.
 * @returns one outcome per request, in the same order. Refusals are AppError 404/403/422 with
 *   `{error, reason}` (`reason` a BidRejectReason); a too-low bid's message contains
 *   'less than current' and carries `min_next_bid`.
 */
export async function placeBidBatch(
  db: Kysely<Database>,
  requests: ItemBidRequest[],
  opts: { increment?: number; softCloseMinutes?: number } = {},
): Promise<BidOutcome[]> {
  if (requests.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const itemIds = [...new Set(requests.map((r) => r.itemId))].sort((a, b) => a - b);
    const rows = await trx
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
        // The settings travel with the locks: no extra round trip per batch.
        sql<unknown>`(SELECT value FROM settings WHERE key = 'auction_bid_increment')`.as('increment_setting'),
        sql<unknown>`(SELECT value FROM settings WHERE key = 'soft_close_minutes')`.as('soft_close_setting'),
      ])
      .where('items.id', 'in', itemIds)
      .orderBy('items.id')
      .forUpdate('items')
      .execute();
    const items = new Map<number, ItemState>(rows.map((r) => [r.id, { ...r }]));
    const first = rows[0];
    const now = first ? first.now.getTime() : Date.now();
    const increment = opts.increment ?? normaliseIncrement(first?.increment_setting ?? 1);
    const softCloseSetting = Number(first?.soft_close_setting ?? 2);
    const softCloseMinutes = opts.softCloseMinutes ?? (Number.isFinite(softCloseSetting) && softCloseSetting > 0 ? softCloseSetting : 0);
    const subscribed = await activeSubscriptions(trx, [...items.values()].filter((i) => i.kind === 'live'), requests);
    const originalDateTo = new Map(rows.map((r) => [r.id, r.date_to]));

    type Accepted = { index: number; request: ItemBidRequest; previousLeaderId: number | null; previousAmount: number | null; minNext: number; count: number; dateTo: Date | null };
    const accepted: Accepted[] = [];
    const outcomes: (BidOutcome | null)[] = requests.map((r, index) => {
      const item = items.get(r.itemId);
      if (!item) return { ok: false, error: reject(404, 'not_found', MESSAGES.itemNotFound) };
      if (item.kind === 'cash') return { ok: false, error: reject(422, 'cash_item', MESSAGES.cashNotBiddable) };
      if (item.closed_by != null || item.status !== 'available') return { ok: false, error: reject(422, 'closed', MESSAGES.auctionEnded) };
      if (item.date_to && item.date_to.getTime() <= now) return { ok: false, error: reject(422, 'ended', MESSAGES.auctionEnded) };
      if (item.date_from && item.date_from.getTime() > now) return { ok: false, error: reject(422, 'not_started', MESSAGES.auctionNotStarted) };
      if (item.kind === 'live' && !subscribed.has(`${item.auction_type_id}:${r.userId}`)) {
        return { ok: false, error: reject(403, 'not_subscribed', MESSAGES.notSubscribed(item.auction_name), { auction_type_id: item.auction_type_id }) };
      }
      const minimum = minimumNextBid(item.bid_amount, item.target_amount, increment);
      if (r.amount < minimum) {
        return { ok: false, error: reject(422, 'too_low', MESSAGES.bidLessThanCurrent(formatMK(minimum)), { min_next_bid: minimum, bid_amount: item.bid_amount }) };
      }
      const softCloseMs = item.kind === 'online' ? softCloseMinutes * 60_000 : 0;
      if (item.date_to && softCloseMs > 0 && item.date_to.getTime() - now < softCloseMs) item.date_to = new Date(now + softCloseMs);
      accepted.push({
        index,
        request: r,
        previousLeaderId: item.leader_id,
        previousAmount: item.bid_amount,
        minNext: minimumNextBid(r.amount, item.target_amount, increment),
        count: item.bid_count + 1,
        dateTo: item.date_to,
      });
      item.bid_amount = r.amount;
      item.leader_id = r.userId;
      item.bid_count++;
      return null;
    });
    if (accepted.length === 0) return outcomes as BidOutcome[];

    // One statement: every changed item's new state (CTE) and the accepted bids with their bidders' names.
    const changed = [...new Set(accepted.map((a) => a.request.itemId))].map((id) => items.get(id)!);
    const values = sql.join(
      changed.map((i) => sql`(${i.id}::bigint, ${i.bid_amount}::numeric, ${i.bid_count}::int, ${i.leader_id}::bigint, ${i.date_to}::timestamptz)`),
    );
    const bidValues = sql.join(accepted.map((a) => sql`(${a.request.itemId}::bigint, ${a.request.userId}::bigint, ${a.request.amount}::numeric)`));
    const stored = await sql<{ id: number; item_id: number; created_at: Date; bid_amount: number; user_name: string | null }>`
      WITH item_update AS (
        UPDATE items AS i
        SET bid_amount = v.bid_amount, bid_count = v.bid_count, leader_id = v.leader_id, date_to = v.date_to, updated_at = now()
        FROM (VALUES ${values}) AS v(id, bid_amount, bid_count, leader_id, date_to)
        WHERE i.id = v.id
        RETURNING i.id
      )
      INSERT INTO bids (item_id, user_id, bid_amount)
      VALUES ${bidValues}
      RETURNING id, item_id, created_at, bid_amount, (SELECT name FROM users WHERE users.id = bids.user_id) AS user_name
    `.execute(trx);
    const byKey = new Map(stored.rows.map((b) => [`${b.item_id}:${Number(b.bid_amount)}`, b]));
    for (const a of accepted) {
      const row = byKey.get(`${a.request.itemId}:${a.request.amount}`)!;
      const before = originalDateTo.get(a.request.itemId) ?? null;
      const extended = a.dateTo && before && a.dateTo.getTime() !== before.getTime();
      outcomes[a.index] = {
        ok: true,
        placed: {
          bid: { id: Number(row.id), item_id: a.request.itemId, user_id: a.request.userId, bid_amount: a.request.amount, created_at: new Date(row.created_at).toISOString(), user: { name: row.user_name ?? null } },
          item: { id: a.request.itemId, bid_amount: a.request.amount, bid_count: a.count, min_next_bid: a.minNext, date_to: a.dateTo ? a.dateTo.toISOString() : null },
          previousLeaderId: a.previousLeaderId,
          previousAmount: a.previousAmount,
          extendedFrom: extended && before ? before.toISOString() : null,
        },
      };
    }
    return outcomes as BidOutcome[];
  });
}

/** `auctionTypeId:userId` pairs with an active subscription, for the live items and bidders of a batch. */
async function activeSubscriptions(db: Kysely<Database>, liveItems: ItemState[], requests: ItemBidRequest[]): Promise<Set<string>> {
  if (liveItems.length === 0) return new Set();
  const liveIds = new Set(liveItems.map((i) => i.id));
  const userIds = [...new Set(requests.filter((r) => liveIds.has(r.itemId)).map((r) => r.userId))];
  const rows = await db
    .selectFrom('auction_subscriptions')
    .select(['user_id', 'auction_type_id'])
    .where('auction_type_id', 'in', [...new Set(liveItems.map((i) => i.auction_type_id))])
    .where('user_id', 'in', userIds)
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => `${r.auction_type_id}:${r.user_id}`));
}
