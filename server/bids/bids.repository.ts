import { sql, type Kysely } from 'kysely';
import type { Bid, BidPagination } from '../../shared/schemas/bid.schema.js';
import type { Database } from '../db/types.js';
import { pageInfo } from '../http/pagination.js';

/**
 * Bids of an item, newest first. `limit` gives the latest N (timeline); otherwise `page` and
 * `perPage` with the spec's pagination (current_page, last_page, per_page, total, from, to).
 * Source: spec/shopping.md §7 `GET /api/open-item/{id}/bids`.
 */
export async function listItemBids(
  db: Kysely<Database>,
  itemId: number,
  opts: { page: number; perPage: number; limit?: number },
): Promise<{ data: Bid[]; pagination: BidPagination }> {
  const perPage = opts.limit ?? opts.perPage;
  const page = opts.limit ? 1 : opts.page;
  const offset = (page - 1) * perPage;
  const [rows, countRow] = await Promise.all([
    db
      .selectFrom('bids')
      .leftJoin('users', 'users.id', 'bids.user_id')
      .select(['bids.id', 'bids.item_id', 'bids.user_id', 'bids.bid_amount', 'bids.created_at', 'users.name as user_name'])
      .where('bids.item_id', '=', itemId)
      .orderBy('bids.bid_amount', 'desc')
      .orderBy('bids.id', 'desc')
      .limit(perPage)
      .offset(offset)
      .execute(),
    db.selectFrom('bids').select(sql<number>`count(*)`.as('n')).where('item_id', '=', itemId).executeTakeFirstOrThrow(),
  ]);
  const total = Number(countRow.n);
  const data: Bid[] = rows.map((r) => ({
    id: r.id,
    item_id: r.item_id,
    user_id: r.user_id,
    bid_amount: r.bid_amount,
    created_at: r.created_at.toISOString(),
    user: { name: r.user_name ?? null },
  }));
  return {
    data,
    pagination: pageInfo(total, page, perPage, data.length),
  };
}

/** A lot's bidding state, locked for a batch of bids (see {@link lockItemsForBids}). */
export interface LockedItem {
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
}

/**
 * Locks the lots' rows (FOR UPDATE, in id order so two processes can't deadlock) and reads their
 * bidding state, the database clock and the two bidding settings in the same round trip.
 * @returns the lots found, the database's now (ms), and the raw settings `auction_bid_increment`
 *   and `soft_close_minutes` (null when unset).
 */
export async function lockItemsForBids(
  trx: Kysely<Database>,
  itemIds: number[],
): Promise<{ items: LockedItem[]; now: number; incrementSetting: unknown; softCloseSetting: unknown }> {
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
      sql<unknown>`(SELECT value FROM settings WHERE key = 'auction_bid_increment')`.as('increment_setting'),
      sql<unknown>`(SELECT value FROM settings WHERE key = 'soft_close_minutes')`.as('soft_close_setting'),
    ])
    .where('items.id', 'in', [...itemIds].sort((a, b) => a - b))
    .orderBy('items.id')
    .forUpdate('items')
    .execute();
  const first = rows[0];
  return {
    items: rows.map(({ now: _now, increment_setting: _i, soft_close_setting: _s, ...item }) => item),
    now: first ? first.now.getTime() : Date.now(),
    incrementSetting: first?.increment_setting ?? null,
    softCloseSetting: first?.soft_close_setting ?? null,
  };
}

/** `auctionTypeId:userId` pairs with an active live-auction registration among the given ones. */
export async function findActiveRegistrations(trx: Kysely<Database>, auctionTypeIds: number[], userIds: number[]): Promise<Set<string>> {
  if (auctionTypeIds.length === 0 || userIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('auction_subscriptions')
    .select(['user_id', 'auction_type_id'])
    .where('auction_type_id', 'in', [...new Set(auctionTypeIds)])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.map((r) => `${r.auction_type_id}:${r.user_id}`));
}

/** A bid to store and the lot state it leads to. */
export interface BidToStore {
  itemId: number;
  userId: number;
  amount: number;
}

/** A stored bid row with its bidder's name. */
export interface StoredBid {
  id: number;
  item_id: number;
  user_id: number;
  created_at: Date;
  bid_amount: number;
  user_name: string | null;
}

/**
 * Writes every changed lot's new state and every accepted bid in ONE statement (a CTE updating
 * `items`, then the INSERT into `bids`).
 * @returns the stored bids with their ids, times and bidders' names.
 */
export async function storeBids(
  trx: Kysely<Database>,
  changed: { id: number; bid_amount: number | null; bid_count: number; leader_id: number | null; date_to: Date | null }[],
  bids: BidToStore[],
): Promise<StoredBid[]> {
  const values = sql.join(changed.map((i) => sql`(${i.id}::bigint, ${i.bid_amount}::numeric, ${i.bid_count}::int, ${i.leader_id}::bigint, ${i.date_to}::timestamptz)`));
  const bidValues = sql.join(bids.map((b) => sql`(${b.itemId}::bigint, ${b.userId}::bigint, ${b.amount}::numeric)`));
  const stored = await sql<StoredBid>`
    WITH item_update AS (
      UPDATE items AS i
      SET bid_amount = v.bid_amount, bid_count = v.bid_count, leader_id = v.leader_id, date_to = v.date_to, updated_at = now()
      FROM (VALUES ${values}) AS v(id, bid_amount, bid_count, leader_id, date_to)
      WHERE i.id = v.id
      RETURNING i.id
    )
    INSERT INTO bids (item_id, user_id, bid_amount)
    VALUES ${bidValues}
    RETURNING id, item_id, user_id, created_at, bid_amount, (SELECT name FROM users WHERE users.id = bids.user_id) AS user_name
  `.execute(trx);
  return stored.rows.map((r) => ({ ...r, id: Number(r.id), item_id: Number(r.item_id), user_id: Number(r.user_id), bid_amount: Number(r.bid_amount) }));
}
