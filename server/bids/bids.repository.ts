import { sql, type Kysely } from 'kysely';
import type { Bid, BidPagination } from '@shared/schemas/bid.schema.js';
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
    db
      .selectFrom('bids')
      .select(sql<number>`count(*)`.as('n'))
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow(),
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

/** What {@link lockItemsForBids} read with the locks. */
export interface LockedBatch {
  items: LockedItem[];
  /** The database clock (ms): the transaction's start, which is also every new bid's `created_at`. */
  now: number;
  /** The raw settings `auction_bid_increment`, `soft_close_minutes` and `max_bid_factor` (null when unset). */
  incrementSetting: unknown;
  softCloseSetting: unknown;
  maxBidFactorSetting: unknown;
  /** Bid ids taken from the bids sequence in advance, one per request (unused ones are gaps). */
  bidIds: number[];
  /** The bidders' names by user id. */
  names: Map<number, string>;
}

/**
 * Locks the lots' rows (FOR UPDATE, in id order so two processes can't deadlock) and, in the
 * same round trip, reads their bidding state, the database clock, the three bidding settings
 * (`auction_bid_increment`, `soft_close_minutes`, `max_bid_factor`),
 * the bidders' names, and takes `bidCount` ids from the bids sequence, so the batch's events
 * can be written in the statement that stores the bids ({@link storeBids}).
 */
export async function lockItemsForBids(trx: Kysely<Database>, itemIds: number[], bidders: { userIds: number[]; bidCount: number }): Promise<LockedBatch> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  const users = [...new Set(bidders.userIds)];
  // The ids and names come back as text on every row (FOR UPDATE allows no window to send them
  // once); only the first row's are parsed.
  const rows = await sql<
    LockedItem & {
      now: Date;
      increment_setting: unknown;
      soft_close_setting: unknown;
      max_bid_factor_setting: unknown;
      new_ids: string | null;
      names: string | null;
    }
  >`
    WITH new_ids AS (SELECT array_agg(nextval('bids_id_seq')) AS ids FROM generate_series(1, ${bidders.bidCount}::int)),
    names AS (SELECT json_object_agg(id, name) AS names FROM users WHERE id = ANY(${users}::bigint[]))
    SELECT items.id, items.status, items.closed_by, items.bid_amount, items.bid_count, items.target_amount, items.leader_id,
      items.date_from, items.date_to, items.auction_type_id, at.type AS kind, at.name AS auction_name, now() AS now,
      (SELECT value FROM settings WHERE key = 'auction_bid_increment') AS increment_setting,
      (SELECT value FROM settings WHERE key = 'soft_close_minutes') AS soft_close_setting,
      (SELECT value FROM settings WHERE key = 'max_bid_factor') AS max_bid_factor_setting,
      (SELECT array_to_string(ids, ',') FROM new_ids) AS new_ids,
      (SELECT names::text FROM names) AS names
    FROM items
    JOIN auction_types AS at ON at.id = items.auction_type_id
    WHERE items.id = ANY(${ids}::bigint[])
    ORDER BY items.id
    FOR UPDATE OF items
  `.execute(trx);
  const first = rows.rows[0];
  const names = new Map<number, string>();
  for (const [id, name] of Object.entries(first?.names ? (JSON.parse(first.names) as Record<string, string>) : {})) names.set(Number(id), name);
  return {
    items: rows.rows.map(({ now: _now, increment_setting: _i, soft_close_setting: _s, max_bid_factor_setting: _f, new_ids: _n, names: _u, ...item }) => ({
      ...item,
      id: Number(item.id),
      closed_by: item.closed_by == null ? null : Number(item.closed_by),
      bid_amount: item.bid_amount == null ? null : Number(item.bid_amount),
      target_amount: Number(item.target_amount),
      leader_id: item.leader_id == null ? null : Number(item.leader_id),
      auction_type_id: Number(item.auction_type_id),
      date_from: item.date_from == null ? null : new Date(item.date_from),
      date_to: item.date_to == null ? null : new Date(item.date_to),
    })),
    now: first ? new Date(first.now).getTime() : Date.now(),
    incrementSetting: first?.increment_setting ?? null,
    softCloseSetting: first?.soft_close_setting ?? null,
    maxBidFactorSetting: first?.max_bid_factor_setting ?? null,
    bidIds: first?.new_ids ? first.new_ids.split(',').map(Number) : [],
    names,
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

/** A bid to store, with the id taken in advance by {@link lockItemsForBids}. */
export interface BidToStore {
  id: number;
  itemId: number;
  userId: number;
  amount: number;
}

/**
 * Writes, in ONE statement, every changed lot's new state, every accepted bid (with its id
 * taken in advance; `created_at` is the transaction's time) and the batch's `event_outbox` row
 * naming those bids (the bids are their own log; see {@link findBidsForEvents}).
 * @returns the outbox row's id.
 */
export async function storeBids(
  trx: Kysely<Database>,
  changed: { id: number; bid_amount: number | null; bid_count: number; leader_id: number | null; date_to: Date | null }[],
  bids: BidToStore[],
): Promise<number> {
  const values = sql.join(
    changed.map((i) => sql`(${i.id}::bigint, ${i.bid_amount}::numeric, ${i.bid_count}::int, ${i.leader_id}::bigint, ${i.date_to}::timestamptz)`),
  );
  const bidValues = sql.join(bids.map((b) => sql`(${b.id}::bigint, ${b.itemId}::bigint, ${b.userId}::bigint, ${b.amount}::numeric)`));
  const result = await sql<{ outbox_id: number }>`
    WITH item_update AS (
      UPDATE items AS i
      SET bid_amount = v.bid_amount, bid_count = v.bid_count, leader_id = v.leader_id, date_to = v.date_to, updated_at = now()
      FROM (VALUES ${values}) AS v(id, bid_amount, bid_count, leader_id, date_to)
      WHERE i.id = v.id
      RETURNING i.id
    ),
    bid_insert AS (
      INSERT INTO bids (id, item_id, user_id, bid_amount)
      VALUES ${bidValues}
      RETURNING id
    ),
    outbox AS (
      INSERT INTO event_outbox (bid_ids) VALUES (${`{${bids.map((b) => b.id).join(',')}}`}::bigint[])
      RETURNING id
    )
    SELECT (SELECT id FROM outbox) AS outbox_id, (SELECT count(*) FROM bid_insert) AS bids, (SELECT count(*) FROM item_update) AS items
  `.execute(trx);
  return Number(result.rows[0].outbox_id);
}

/** A stored bid with what its `bid.placed` event tells (see {@link findBidsForEvents}). */
export interface BidEventRow {
  id: number;
  item_id: number;
  user_id: number;
  user_name: string | null;
  bid_amount: number;
  created_at: Date;
  bid_count: number;
  previous_leader_id: number | null;
  previous_amount: number | null;
  target_amount: number;
  date_to: Date | null;
}

/**
 * The bids with these ids and, for each, what its event tells: the bidder's name, its number
 * among the lot's bids, the bid before it (the previous leader and amount), the lot's starting
 * amount and end time as they are now. Oldest first. Used to publish a batch's events again
 * when the process that stored it died before publishing them.
 */
export async function findBidsForEvents(db: Kysely<Database>, bidIds: number[]): Promise<BidEventRow[]> {
  if (bidIds.length === 0) return [];
  const rows = await sql<BidEventRow>`
    SELECT b.id, b.item_id, b.user_id, u.name AS user_name, b.bid_amount, b.created_at,
      (SELECT count(*) FROM bids c WHERE c.item_id = b.item_id AND c.id <= b.id)::int AS bid_count,
      p.user_id AS previous_leader_id, p.bid_amount AS previous_amount, i.target_amount, i.date_to
    FROM bids b
    JOIN items i ON i.id = b.item_id
    LEFT JOIN users u ON u.id = b.user_id
    LEFT JOIN LATERAL (SELECT c.user_id, c.bid_amount FROM bids c WHERE c.item_id = b.item_id AND c.id < b.id ORDER BY c.id DESC LIMIT 1) p ON true
    WHERE b.id = ANY(${`{${bidIds.join(',')}}`}::bigint[])
    ORDER BY b.id
  `.execute(db);
  return rows.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    item_id: Number(r.item_id),
    user_id: Number(r.user_id),
    bid_amount: Number(r.bid_amount),
    created_at: new Date(r.created_at),
    bid_count: Number(r.bid_count),
    previous_leader_id: r.previous_leader_id == null ? null : Number(r.previous_leader_id),
    previous_amount: r.previous_amount == null ? null : Number(r.previous_amount),
    target_amount: Number(r.target_amount),
    date_to: r.date_to == null ? null : new Date(r.date_to),
  }));
}
