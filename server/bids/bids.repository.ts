import { sql, type Kysely } from 'kysely';
import type { Bid, BidPagination } from '@shared/schemas/bid.schema.js';
import { prepared } from '../db/prepared-statements.js';
import type { Database } from '../db/types.js';
import { parseBandRows, type IncrementBandRow } from './increments.repository.js';
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
      .select(['bids.id', 'bids.item_id', 'bids.user_id', 'bids.bid_amount', 'bids.automatic', 'bids.created_at', 'users.name as user_name'])
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
    automatic: r.automatic,
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
  /** The reserve (MWK), null for none. */
  reserve_price: number | null;
  /**
   * The leader's recorded maximum (`maximum_bids`): null when they set none, and below the price
   * when a later plain bid of theirs passed it (their bid is then their maximum).
   */
  leader_max: number | null;
  /** The sale is published (a draft sale's lots take no bids) — issue 13 "Sales". */
  published: boolean;
  /** Bidders register with a deposit before bidding in the sale (live sales always do). */
  deposit_required: boolean;
  /** The sale's own soft-close minutes, null for the site setting. */
  sale_soft_close_minutes: number | null;
  /** The status of the live room when the lot is on its block (issue 15), else null. */
  live_status: string | null;
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
  /** Bid ids taken from the bids sequence in advance, two per request (unused ones are gaps). */
  bidIds: number[];
  /** The increment bands that may apply: the global table (`auction_type_id` null) and the lots' sales' own. */
  bands: IncrementBandRow[];
  /** The bidders' names by user id. */
  names: Map<number, string>;
  /**
   * The controls on the batch's bidders that have any (issue 13 "Bidders"), by user id: blocked,
   * and the spending limit (MWK, null for none) with what they are committed to now (`exposure`,
   * MWK: each lot they lead and that is still open at the greater of its price and their maximum,
   * plus their won orders awaiting payment; 0 without a limit).
   */
  controls: Map<number, BidderControls>;
}

/** A bidder's block and spending limit, as the bid batch reads them (see {@link LockedBatch.controls}). */
export interface BidderControls {
  blocked: boolean;
  limit: number | null;
  exposure: number;
}

/**
 * Locks the lots' rows (FOR NO KEY UPDATE, in id order so two processes can't deadlock) and, in the
 * same round trip, reads their bidding state, the database clock, the three bidding settings
 * (`auction_bid_increment`, `soft_close_minutes`, `max_bid_factor`),
 * the bidders' names and controls (block, spending limit and exposure; issue 13 "Bidders"), the leaders' maximums, the increment bands of the lots' sales and the
 * global table, and takes `bidCount` ids from the bids sequence, so the batch's events can be
 * written in the statement that stores the bids ({@link storeBids}).
 * The lock is the one an UPDATE of the lots takes (it changes no key): it excludes other bid
 * batches and a close (FOR UPDATE) but not a row elsewhere that refers to the lot being written
 * meanwhile (a notification, a closing reminder, a watchlist entry take KEY SHARE on the lot);
 * FOR UPDATE made bids wait for the notifier's whole transaction while it wrote outbid notices.
 */
export async function lockItemsForBids(trx: Kysely<Database>, itemIds: number[], bidders: { userIds: number[]; bidCount: number }): Promise<LockedBatch> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  const users = [...new Set(bidders.userIds)];
  // The batch's ids, names, controls, bands and settings come back as text on the first row only:
  // on every row they were sent and parsed once per lot (a batch of 100 lots: about 450 kB).
  const rows = await sql<
    LockedItem & {
      now: Date;
      increment_setting: unknown;
      soft_close_setting: unknown;
      max_bid_factor_setting: unknown;
      new_ids: string | null;
      names: string | null;
      controls: string | null;
      bands: string | null;
    }
  >`${prepared('lock_items_for_bids')}
    WITH locked AS MATERIALIZED (
      -- Only the lots are locked, in id order; their sale is joined outside, so the lock carries no copy of the sale's row.
      SELECT id, status, closed_by, bid_amount, bid_count, target_amount, leader_id, date_from, date_to, auction_type_id, reserve_price
      FROM items WHERE id = ANY(${ids}::bigint[])
      ORDER BY id
      FOR NO KEY UPDATE
    ),
    new_ids AS (SELECT array_agg(nextval('bids_id_seq')) AS ids FROM generate_series(1, ${bidders.bidCount}::int)),
    names AS (SELECT json_object_agg(id, name) AS names FROM users WHERE id = ANY(${users}::bigint[])),
    controls AS (
      SELECT json_object_agg(u.id, json_build_object(
        'blocked', u.blocked_at IS NOT NULL,
        'limit', u.bid_limit,
        'exposure', CASE WHEN u.bid_limit IS NULL THEN 0 ELSE
          coalesce((SELECT sum(greatest(li.bid_amount, coalesce(mb.max_amount, 0))) FROM items li
            LEFT JOIN maximum_bids mb ON mb.item_id = li.id AND mb.user_id = u.id
            WHERE li.leader_id = u.id AND li.status = 'available'), 0)
          + coalesce((SELECT sum(o.amount_total) FROM orders o WHERE o.user_id = u.id AND o.source = 'auction' AND o.status = 'awaiting_payment'), 0)
        END)) AS controls
      FROM users u WHERE u.id = ANY(${users}::bigint[]) AND (u.blocked_at IS NOT NULL OR u.bid_limit IS NOT NULL)),
    batch AS (
      SELECT (SELECT min(id) FROM locked) AS first_id,
        (SELECT json_agg(json_build_object('auction_type_id', ib.auction_type_id, 'from', ib.from_amount, 'increment', ib.increment))::text
          FROM increment_bands ib
          WHERE ib.auction_type_id IS NULL OR ib.auction_type_id IN (SELECT i2.auction_type_id FROM items i2 WHERE i2.id = ANY(${ids}::bigint[]))) AS bands,
        (SELECT value FROM settings WHERE key = 'auction_bid_increment') AS increment_setting,
        (SELECT value FROM settings WHERE key = 'soft_close_minutes') AS soft_close_setting,
        (SELECT value FROM settings WHERE key = 'max_bid_factor') AS max_bid_factor_setting,
        (SELECT array_to_string(ids, ',') FROM new_ids) AS new_ids,
        (SELECT names::text FROM names) AS names,
        (SELECT controls::text FROM controls) AS controls
    )
    SELECT items.id, items.status, items.closed_by, items.bid_amount, items.bid_count, items.target_amount, items.leader_id,
      items.date_from, items.date_to, items.auction_type_id, at.type AS kind, at.name AS auction_name, now() AS now, items.reserve_price,
      at.published_at IS NOT NULL AS published, at.deposit_required, at.soft_close_minutes AS sale_soft_close_minutes,
      (SELECT mb.max_amount FROM maximum_bids mb WHERE mb.item_id = items.id AND mb.user_id = items.leader_id) AS leader_max,
      (SELECT ls.status FROM live_sales ls WHERE ls.auction_type_id = items.auction_type_id AND ls.lot_id = items.id) AS live_status,
      batch.bands, batch.increment_setting, batch.soft_close_setting, batch.max_bid_factor_setting, batch.new_ids, batch.names, batch.controls
    FROM locked AS items
    JOIN auction_types AS at ON at.id = items.auction_type_id
    -- What concerns the whole batch comes once, on the first row (the lowest id).
    LEFT JOIN batch ON batch.first_id = items.id
    ORDER BY items.id
  `.execute(trx);
  const first = rows.rows[0];
  const names = new Map<number, string>();
  for (const [id, name] of Object.entries(first?.names ? (JSON.parse(first.names) as Record<string, string>) : {})) names.set(Number(id), name);
  const controls = new Map<number, BidderControls>();
  const rawControls = first?.controls
    ? (JSON.parse(first.controls) as Record<string, { blocked: boolean; limit: number | string | null; exposure: number | string }>)
    : {};
  for (const [id, c] of Object.entries(rawControls)) {
    controls.set(Number(id), { blocked: c.blocked === true, limit: c.limit == null ? null : Number(c.limit), exposure: Number(c.exposure) || 0 });
  }
  return {
    items: rows.rows.map(
      ({ now: _now, increment_setting: _i, soft_close_setting: _s, max_bid_factor_setting: _f, new_ids: _n, names: _u, controls: _c, bands: _b, ...item }) => ({
        ...item,
        id: Number(item.id),
        closed_by: item.closed_by == null ? null : Number(item.closed_by),
        bid_amount: item.bid_amount == null ? null : Number(item.bid_amount),
        target_amount: Number(item.target_amount),
        leader_id: item.leader_id == null ? null : Number(item.leader_id),
        reserve_price: item.reserve_price == null ? null : Number(item.reserve_price),
        leader_max: item.leader_max == null ? null : Number(item.leader_max),
        sale_soft_close_minutes: item.sale_soft_close_minutes == null ? null : Number(item.sale_soft_close_minutes),
        auction_type_id: Number(item.auction_type_id),
        date_from: item.date_from == null ? null : new Date(item.date_from),
        date_to: item.date_to == null ? null : new Date(item.date_to),
      }),
    ),
    now: first ? new Date(first.now).getTime() : Date.now(),
    incrementSetting: first?.increment_setting ?? null,
    softCloseSetting: first?.soft_close_setting ?? null,
    maxBidFactorSetting: first?.max_bid_factor_setting ?? null,
    bidIds: first?.new_ids ? first.new_ids.split(',').map(Number) : [],
    bands: parseBandRows(first?.bands ?? null),
    names,
    controls,
  };
}

/** `auctionTypeId:userId` pairs with an active registration (live auction, or a sale with a deposit) among the given ones. */
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
  /** Placed by the engine for the bidder's maximum. */
  automatic: boolean;
  /** The maximum the bidder's own bid carried (null: plain, or automatic). */
  maxAmount: number | null;
}

/**
 * A maximum a bidder set with an ask, to record (`order`: from the bids' id sequence; earlier wins
 * ties). Plain bids record none: their amount is their maximum.
 */
export interface MaximumToStore {
  itemId: number;
  userId: number;
  maxAmount: number;
  order: number;
}

/** An audit-only event row written with the bids (a bidder's maximum: never published). */
export interface AuditRowToStore {
  type: string;
  itemId: number;
  userId: number;
  payload: Record<string, unknown>;
}

/**
 * Writes, in ONE statement, every changed lot's new state, every accepted bid (with its id
 * taken in advance; `created_at` is the transaction's time), the bidders' maximums (upserted,
 * one per lot and bidder), audit-only `domain_events` rows (`audit`) and, when there are bids,
 * the batch's `event_outbox` row naming them (the bids are their own log; see {@link findBidsForEvents}).
 * @returns the outbox row's id, or null when no bid was stored (only maximums changed).
 */
export async function storeBids(
  trx: Kysely<Database>,
  changed: { id: number; bid_amount: number | null; bid_count: number; leader_id: number | null; date_to: Date | null }[],
  bids: BidToStore[],
  maximums: MaximumToStore[] = [],
  audit: AuditRowToStore[] = [],
): Promise<number | null> {
  // Columns go as arrays (unnest), so the statement's text depends only on which parts it has:
  // it is prepared once per connection and each part's shape, whatever the batch's size.
  const parts = [
    sql`item_update AS (
      UPDATE items AS i
      SET bid_amount = v.bid_amount, bid_count = v.bid_count, leader_id = v.leader_id, date_to = v.date_to, updated_at = now()
      FROM unnest(${changed.map((i) => i.id)}::bigint[], ${changed.map((i) => i.bid_amount)}::numeric[], ${changed.map((i) => i.bid_count)}::int[],
        ${changed.map((i) => i.leader_id)}::bigint[], ${changed.map((i) => i.date_to)}::timestamptz[]) AS v(id, bid_amount, bid_count, leader_id, date_to)
      WHERE i.id = v.id
      RETURNING i.id
    )`,
  ];
  if (bids.length) {
    const bidIds = bids.map((b) => b.id);
    parts.push(sql`bid_insert AS (
      INSERT INTO bids (id, item_id, user_id, bid_amount, automatic, max_amount)
      SELECT * FROM unnest(${bidIds}::bigint[], ${bids.map((b) => b.itemId)}::bigint[], ${bids.map((b) => b.userId)}::bigint[],
        ${bids.map((b) => b.amount)}::numeric[], ${bids.map((b) => b.automatic)}::boolean[], ${bids.map((b) => b.maxAmount)}::numeric[])
      RETURNING id
    )`);
    parts.push(sql`outbox AS (
      INSERT INTO event_outbox (bid_ids) VALUES (${bidIds}::bigint[])
      RETURNING id
    )`);
  }
  if (maximums.length) {
    // One row per lot and bidder: a batch may set the same bidder's maximum twice (the last wins).
    const last = [...new Map(maximums.map((m) => [`${m.itemId}:${m.userId}`, m])).values()];
    parts.push(sql`max_upsert AS (
      INSERT INTO maximum_bids (item_id, user_id, max_amount, set_order)
      SELECT * FROM unnest(${last.map((m) => m.itemId)}::bigint[], ${last.map((m) => m.userId)}::bigint[], ${last.map((m) => m.maxAmount)}::numeric[],
        ${last.map((m) => m.order)}::bigint[])
      ON CONFLICT (item_id, user_id) DO UPDATE SET max_amount = excluded.max_amount, set_order = excluded.set_order, updated_at = now()
      RETURNING item_id
    )`);
  }
  if (audit.length) {
    parts.push(sql`audit_insert AS (
      INSERT INTO domain_events (type, subject_type, subject_id, actor_type, actor_id, payload)
      SELECT a.type, 'item', a.item_id, 'user', a.user_id, a.payload
      FROM unnest(${audit.map((a) => a.type)}::text[], ${audit.map((a) => a.itemId)}::bigint[], ${audit.map((a) => a.userId)}::bigint[],
        ${audit.map((a) => JSON.stringify(a.payload))}::jsonb[]) AS a(type, item_id, user_id, payload)
      RETURNING id
    )`);
  }
  const result = await sql<{ outbox_id: number | null }>`${prepared('store_bids')}
    WITH ${sql.join(parts)}
    SELECT ${bids.length ? sql`(SELECT id FROM outbox)` : sql`NULL::bigint`} AS outbox_id, (SELECT count(*) FROM item_update) AS items
  `.execute(trx);
  const id = result.rows[0].outbox_id;
  return id == null ? null : Number(id);
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
  auction_type_id: number;
  date_to: Date | null;
  automatic: boolean;
  /** Who led once the ask that stored this bid was resolved (an automatic answer in the same commit decides). */
  leader_id: number;
}

/**
 * Joins, for a bid row aliased `b` (`id`, `item_id`, `user_id`, `automatic`, `created_at`), the
 * lot's bid just before it as `p` (`user_id`, `bid_amount`) and just after it as `n` (`user_id`,
 * `automatic`, `created_at`), each by the lot's bids index. With {@link LEADER_AFTER_BID}: what a
 * stored bid's `bid.placed` says of the lead, for the relay's events and the notifier's outbid
 * alerts alike. Source: issue 14 "The rules".
 */
export const NEIGHBOUR_BIDS = sql`
    LEFT JOIN LATERAL (SELECT c.user_id, c.bid_amount FROM bids c WHERE c.item_id = b.item_id AND c.id < b.id ORDER BY c.item_id DESC, c.id DESC LIMIT 1) p ON true
    LEFT JOIN LATERAL (SELECT c.user_id, c.automatic, c.created_at FROM bids c WHERE c.item_id = b.item_id AND c.id > b.id ORDER BY c.item_id, c.id LIMIT 1) n ON true`;

/**
 * Who leads once bid `b` is answered (needs {@link NEIGHBOUR_BIDS}): its bidder, unless the next
 * stored bid is the leader's automatic answer, stored with it (same time), to a plain bid.
 * Source: issue 14 "Resolution".
 */
export const LEADER_AFTER_BID = sql`CASE WHEN n.automatic AND n.created_at = b.created_at AND NOT b.automatic THEN n.user_id ELSE b.user_id END`;

/**
 * The bids with these ids and, for each, what its event tells: the bidder's name, its number
 * among the lot's bids, the bid before it (the previous leader and amount), the lot's starting
 * amount and end time as they are now. Oldest first. Used to publish a batch's events again
 * when the process that stored it died before publishing them.
 */
export async function findBidsForEvents(db: Kysely<Database>, bidIds: number[]): Promise<BidEventRow[]> {
  if (bidIds.length === 0) return [];
  // Each lot's bids are numbered once per call: the bids before the first one asked for are
  // counted, and the asked-for span is numbered on from there (not a count per bid).
  const rows = await sql<BidEventRow>`
    WITH wanted AS MATERIALIZED (
      SELECT id, item_id, user_id, bid_amount, created_at, automatic FROM bids WHERE id = ANY(${`{${bidIds.join(',')}}`}::bigint[])
    ),
    spans AS MATERIALIZED (
      SELECT g.item_id, g.lo, g.hi, (SELECT count(*) FROM bids x WHERE x.item_id = g.item_id AND x.id < g.lo) AS before
      FROM (SELECT item_id, min(id) AS lo, max(id) AS hi FROM wanted GROUP BY item_id) g
    ),
    numbered AS MATERIALIZED (
      -- OFFSET 0 keeps the span's bids a range read of the lot's index, not a join over all bids.
      SELECT c.id, s.before + row_number() OVER (PARTITION BY s.item_id ORDER BY c.id) AS bid_count
      FROM spans s CROSS JOIN LATERAL (SELECT x.id FROM bids x WHERE x.item_id = s.item_id AND x.id BETWEEN s.lo AND s.hi OFFSET 0) c
    )
    SELECT b.id, b.item_id, b.user_id, u.name AS user_name, b.bid_amount, b.created_at,
      nb.bid_count::int AS bid_count,
      p.user_id AS previous_leader_id, p.bid_amount AS previous_amount, i.target_amount, i.auction_type_id, i.date_to, b.automatic,
      ${LEADER_AFTER_BID} AS leader_id
    FROM wanted b
    JOIN numbered nb ON nb.id = b.id
    JOIN items i ON i.id = b.item_id
    LEFT JOIN users u ON u.id = b.user_id
    ${NEIGHBOUR_BIDS}
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
    auction_type_id: Number(r.auction_type_id),
    date_to: r.date_to == null ? null : new Date(r.date_to),
    automatic: Boolean(r.automatic),
    leader_id: Number(r.leader_id),
  }));
}

/**
 * A signed-in bidder's own standing on a lot: whether they lead, their maximum when it is above
 * their highest bid (null otherwise: a plain bidder's maximum is their bid), and whether they have
 * bid on it at all (what decides between Winning/Outbid and no badge). Private to them.
 * Source: issue "Bidding engine" (`viewer: {leading, max_amount}`), spec/shopping.md §2 badges.
 */
export async function findViewerStanding(
  db: Kysely<Database>,
  itemId: number,
  userId: number,
): Promise<{ leading: boolean; max_amount: number | null; has_bid: boolean }> {
  const row = await sql<{ leading: boolean | null; max_amount: string | number | null; top: string | number | null }>`
    SELECT (SELECT leader_id = ${userId}::bigint FROM items WHERE id = ${itemId}::bigint) AS leading,
      (SELECT max_amount FROM maximum_bids WHERE item_id = ${itemId}::bigint AND user_id = ${userId}::bigint) AS max_amount,
      (SELECT max(bid_amount) FROM bids WHERE item_id = ${itemId}::bigint AND user_id = ${userId}::bigint) AS top
  `.execute(db);
  const r = row.rows[0];
  const max = r?.max_amount == null ? null : Number(r.max_amount);
  const top = r?.top == null ? 0 : Number(r.top);
  return { leading: r?.leading === true, max_amount: max != null && max > top ? max : null, has_bid: r?.top != null };
}

/**
 * Ids of a lot's bids numbered `fromCount` to `toCount` (null: to the last) in the order they were
 * stored (bid 1 is the lot's first), at most 1,000: the bids whose events a process missed.
 * Source: issue 18 (fault 5).
 */
export async function findBidIdsByCount(db: Kysely<Database>, itemId: number, fromCount: number, toCount: number | null): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM bids WHERE item_id = ${itemId}::bigint) numbered
    WHERE n >= ${fromCount}::bigint AND (${toCount}::bigint IS NULL OR n <= ${toCount}::bigint)
    ORDER BY id
    LIMIT 1000
  `.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * A lot's bids after `afterBidId`, oldest first, at most `limit + 1` (so a caller can tell there
 * were more), and whether the oldest of them is older than `windowMs` (a drop too long to replay).
 * Source: issue 17 "Live updates on a poor connection".
 */
export async function findBidsToReplay(
  db: Kysely<Database>,
  itemId: number,
  afterBidId: number,
  limit: number,
  windowMs: number,
): Promise<{ ids: number[]; tooOld: boolean }> {
  const rows = await db
    .selectFrom('bids')
    .select(['id', sql<boolean>`created_at < now() - make_interval(secs => ${windowMs / 1000})`.as('old')])
    .where('item_id', '=', itemId)
    .where('id', '>', afterBidId)
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  return { ids: rows.map((r) => Number(r.id)), tooOld: rows.some((r) => r.old) };
}

/** Whether a lot has closed: its status and winner; undefined when there is no such lot. */
export async function findLotClosure(db: Kysely<Database>, itemId: number): Promise<{ status: string; closed_by: number | null } | undefined> {
  const row = await db.selectFrom('items').select(['status', 'closed_by']).where('id', '=', itemId).executeTakeFirst();
  return row ? { status: row.status, closed_by: row.closed_by == null ? null : Number(row.closed_by) } : undefined;
}

/** How many bids a lot has had (its `bid_count`; 0 when the lot does not exist). */
export async function findBidCount(db: Kysely<Database>, itemId: number): Promise<number> {
  const row = await db.selectFrom('items').select('bid_count').where('id', '=', itemId).executeTakeFirst();
  return row ? Number(row.bid_count) : 0;
}
