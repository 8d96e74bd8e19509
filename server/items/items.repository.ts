import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { reserveMet } from '@shared/rules/bid-resolution.js';
import { minimumNextBid } from '@shared/rules/bidding.js';
import type { Item, ListItemsQuery, PagedItems } from '@shared/schemas/item.schema.js';
import type { IncrementTables } from '../bids/increments.repository.js';
import type { Database } from '../db/types.js';
import { pageInfo } from '../http/pagination.js';

type ItemsEb = ExpressionBuilder<Database & { at: Database['auction_types']; b: Database['branches'] }, 'items' | 'at' | 'b'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Columns selected for an item with its auction type, branch and media (one query). */
function itemQuery(db: Kysely<Database>) {
  return db
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .leftJoin('branches as b', 'b.id', 'items.branch_id')
    .select([
      'items.id',
      'items.name',
      'items.title',
      'items.description',
      'items.target_amount',
      'items.reserve_price',
      'items.bid_amount',
      'items.bid_count',
      'items.leader_id',
      'items.auction_type_id',
      'items.branch_id',
      'items.status',
      'items.condition',
      'items.featured',
      'items.code',
      'items.reference_number',
      'items.quantity',
      'items.date_from',
      'items.date_to',
      'items.closed_by',
      'items.is_reserved',
      'items.created_at',
      'items.updated_at',
      'at.name as at_name',
      'at.type as at_type',
      'at.description as at_description',
      'at.deposit_required as at_deposit_required',
      'at.deposit_amount as at_deposit_amount',
      'items.lot_number',
      'b.name as branch_name',
      // `variants` (the WebP/AVIF sizes of pictures uploaded in the back office, issue 13) only where stored.
      sql<{ id: number; url: string; original_url: string; variants?: { width: number; webp: string; avif: string }[] }[]>`coalesce((
        SELECT json_agg(json_strip_nulls(json_build_object('id', m.id, 'url', m.url, 'original_url', m.original_url, 'variants', m.variants)) ORDER BY m.position, m.id)
        FROM item_media m WHERE m.item_id = items.id), '[]'::json)`.as('media'),
    ]);
}

type ItemQueryRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

/** A flat bid increment (MWK) or the increment tables of every sale. */
export type Increments = number | IncrementTables;

/**
 * Maps a joined item row to the public Item shape (spec/shopping.md §3), given the bid increment
 * or the sales' increment tables (`min_next_bid` uses the lot's sale's table). `reserve_met`
 * tells whether the current bid reaches the reserve (null: no reserve); the reserve itself is
 * never part of the public shape. Source: issue "Bidding engine".
 */
export function itemRowToItem(row: ItemQueryRow, increments: Increments): Item {
  const media = row.media ?? [];
  const increment = typeof increments === 'number' ? increments : increments.for(row.auction_type_id);
  return {
    id: row.id,
    name: row.name,
    title: row.title ?? row.name,
    description: row.description,
    target_amount: row.target_amount,
    bid_amount: row.bid_amount,
    bid_count: row.bid_count,
    min_next_bid: minimumNextBid(row.bid_amount, row.target_amount, increment),
    reserve_met: reserveMet(row.bid_amount, row.reserve_price),
    auction_id: row.auction_type_id,
    auction_type_id: row.auction_type_id,
    auction_type: {
      id: row.auction_type_id,
      name: row.at_name,
      type: row.at_type,
      description: row.at_description,
      deposit_required: row.at_deposit_required || row.at_type === 'live',
      deposit_amount: row.at_deposit_amount,
    },
    status: row.status,
    type: row.at_type,
    condition: row.condition,
    featured: row.featured,
    cropped: media[0]?.url ?? null,
    image: media[0]?.original_url ?? null,
    media,
    code: row.code,
    reference_number: row.reference_number,
    date_from: iso(row.date_from),
    date_to: iso(row.date_to),
    closed_by: row.closed_by,
    branch_id: row.branch_id,
    branch: row.branch_id != null && row.branch_name ? { id: row.branch_id, name: row.branch_name } : null,
    is_reserved: row.is_reserved,
    quantity: row.quantity,
    lot_number: row.lot_number,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Loads one item by id in the public shape; undefined when missing, or with `publishedOnly` when
 * its sale is a draft (what bidders may not see yet, issue 13 "Sales").
 */
export async function findItemById(db: Kysely<Database>, id: number, increment: Increments, opts: { publishedOnly?: boolean } = {}): Promise<Item | undefined> {
  let q = itemQuery(db).where('items.id', '=', id);
  if (opts.publishedOnly) q = q.where('at.published_at', 'is not', null);
  const row = await q.executeTakeFirst();
  return row && itemRowToItem(row, increment);
}

/** Loads items by id in the public shape, as a map by id (missing ids are absent). One query. */
export async function findItemsByIds(db: Kysely<Database>, ids: readonly number[], increment: Increments): Promise<Map<number, Item>> {
  if (ids.length === 0) return new Map();
  const rows = await itemQuery(db)
    .where('items.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, itemRowToItem(r, increment)]));
}

/** Turns free text into a prefix tsquery (`toy hil` → `toy:* & hil:*`); null when no word is left. */
export function toPrefixTsQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

const price = sql<number>`coalesce(items.bid_amount, items.target_amount)`;

/**
 * "Open for bids" over the `items` table, as SQL: status 'available', `closed_by` null, started
 * (`date_from` null or at/before `now`) and not ended (`date_to` null or after `now`): the
 * closed, ended and not-started checks of the shared bid rule (shared/rules/bid-refusal.ts,
 * spec/shopping.md §4-5), with the same boundaries. The lot's kind is not checked (that needs
 * `auction_types`): add `at.type <> 'cash'` where daily sales must be left out.
 * `now` is a JS Date; without it, the database's `now()` (the transaction's start time).
 * Usable as `.where(openForBids(now))` on any query over `items` (joined or not), or inside
 * `eb.and([...])`; the partial index `items_open_close_idx` matches it.
 */
export function openForBids(now?: Date): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'items'>();
  const at = now ? eb.val(now) : sql<Date>`now()`;
  return eb.and([
    eb('items.status', '=', 'available'),
    eb('items.closed_by', 'is', null),
    eb.or([eb('items.date_from', 'is', null), eb('items.date_from', '<=', at)]),
    eb.or([eb('items.date_to', 'is', null), eb('items.date_to', '>', at)]),
  ]);
}

/**
 * Filters of the listing except the category (`type`/`auction_types`), shared by data and counts.
 * Lots of draft sales (not yet published, issue 13 "Sales") are never listed.
 */
function baseFilters(q: ListItemsQuery, now: Date) {
  return (eb: ItemsEb): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [eb('items.status', '!=', 'withdrawn'), eb('at.published_at', 'is not', null)];
    const tsq = q.search ? toPrefixTsQuery(q.search) : null;
    if (q.search && tsq) {
      // Name, code and reference are all in the GIN-indexed vector (prefix words).
      all.push(sql<SqlBool>`items.search_vector @@ to_tsquery('simple', ${tsq})`);
    }
    if (q.branch_id) all.push(eb('items.branch_id', '=', q.branch_id));
    if (q.auction_type_id) all.push(eb('items.auction_type_id', '=', q.auction_type_id));
    const locations = q.locations.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    if (locations.length) all.push(eb('items.branch_id', 'in', locations));
    if (q.conditions.length) all.push(eb('items.condition', 'in', q.conditions));
    if (q.price_min !== undefined) all.push(eb(price, '>=', q.price_min));
    if (q.price_max !== undefined) all.push(eb(price, '<=', q.price_max));
    if (q.has_images) all.push(eb.exists(eb.selectFrom('item_media as m').select('m.id').whereRef('m.item_id', '=', 'items.id')));
    if (q.has_reserve) all.push(eb('items.reserve_price', 'is not', null));
    if (q.featured_only) all.push(eb('items.featured', '=', true));
    const range = dateRange(q, now);
    if (range) {
      const when = sql<Date>`coalesce(items.date_to, items.created_at)`;
      if (range.from) all.push(eb(when, '>=', range.from));
      if (range.to) all.push(eb(when, '<=', range.to));
    }
    if (q.statuses.length) {
      const dayAhead = new Date(now.getTime() + 24 * 3600_000);
      const notClosed = eb.and([eb('items.closed_by', 'is', null), eb('items.status', '=', 'available')]);
      const byStatus: Record<string, Expression<SqlBool>> = {
        live: eb.and([openForBids(now), eb('at.type', '=', 'live'), eb('items.date_from', 'is not', null), eb('items.date_to', 'is not', null)]),
        ending_soon: eb.and([notClosed, eb('at.type', '!=', 'cash'), eb('items.date_to', '>', now), eb('items.date_to', '<=', dayAhead)]),
        active: openForBids(now),
        upcoming: eb.and([notClosed, eb('items.date_from', '>', now)]),
        ended: eb.or([eb('items.date_to', '<=', now), eb('items.status', 'in', ['sold', 'unsold'])]),
        sold: eb.or([eb('items.closed_by', 'is not', null), eb('items.status', '=', 'sold')]),
      };
      const picked = q.statuses.map((s) => byStatus[s]).filter((e): e is Expression<SqlBool> => Boolean(e));
      if (picked.length) all.push(eb.or(picked));
    }
    return eb.and(all);
  };
}

/** The date window of `date_range` (today, week, month, custom with date_from/date_to). */
function dateRange(q: ListItemsQuery, now: Date): { from?: Date; to?: Date } | null {
  const startOfDay = new Date(now);
  startOfDay.setUTCHours(0, 0, 0, 0);
  const days = (n: number) => new Date(startOfDay.getTime() + n * 86_400_000);
  switch (q.date_range) {
    case 'today':
      return { from: startOfDay, to: days(1) };
    case 'week':
      return { from: startOfDay, to: days(7) };
    case 'month':
      return { from: startOfDay, to: days(31) };
    default:
      return q.date_from || q.date_to ? { from: q.date_from, to: q.date_to } : null;
  }
}

/** The kinds the category and the auction-type checkboxes leave in. */
function kindFilter(q: ListItemsQuery): string[] {
  const kinds = q.auction_types.filter((k) => ['cash', 'online', 'live'].includes(k));
  if (q.type && q.type !== 'all') return kinds.length ? kinds.filter((k) => k === q.type) : [q.type];
  return kinds;
}

/**
 * The lot kinds a listing query can show: an empty list keeps every kind; `['none']` when the
 * category and the kind checkboxes exclude each other (nothing can match). Saved searches keep
 * it to skip lots of other kinds before the listing's filter decides (issue 16).
 */
export function listingKinds(q: ListItemsQuery): string[] {
  const kinds = kindFilter(q);
  return q.type && q.type !== 'all' && kinds.length === 0 ? ['none'] : kinds;
}

/**
 * Everything `GET /ajax-items` filters by for query `q` at time `now` (filters, search words and
 * the category), as one condition over `items` joined with `auction_types as at`. The listing
 * and saved-search matching both use it, so a saved search alerts exactly on the lots the
 * listing would show for it. Source: spec/shopping.md §2, §7; issue 16 "Saved searches".
 */
export function listingFilter(q: ListItemsQuery, now: Date) {
  const filters = baseFilters(q, now);
  const kinds = listingKinds(q);
  return (eb: ItemsEb): Expression<SqlBool> => {
    if (kinds[0] === 'none') return sql<SqlBool>`false`;
    return kinds.length ? eb.and([filters(eb), eb('at.type', 'in', kinds as ('cash' | 'online' | 'live')[])]) : filters(eb);
  };
}

/**
 * Which of lots `lotIds` each query would list at `now`, by {@link listingFilter}: one database
 * round trip per 100 queries. `queries` are keyed by the caller (e.g. saved-search ids).
 * @returns key → the ids of the lots it keeps (keys keeping none are absent).
 */
export async function lotsListedBy(
  db: Kysely<Database>,
  queries: readonly { key: number; q: ListItemsQuery }[],
  lotIds: readonly number[],
  now: Date,
): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (queries.length === 0 || lotIds.length === 0) return found;
  for (let start = 0; start < queries.length; start += 100) {
    const chunk = queries.slice(start, start + 100);
    const rows = await db
      .selectFrom('items')
      .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
      .leftJoin('branches as b', 'b.id', 'items.branch_id')
      .select('items.id')
      .select((eb) => chunk.map((c, i) => sql<boolean>`(${listingFilter(c.q, now)(eb)})`.as(`q${i}`)))
      .where('items.id', 'in', [...lotIds])
      .execute();
    for (const row of rows as unknown as Record<string, unknown>[]) {
      chunk.forEach((c, i) => {
        if (row[`q${i}`] !== true) return;
        const ids = found.get(c.key) ?? [];
        ids.push(Number(row.id));
        found.set(c.key, ids);
      });
    }
  }
  return found;
}

/**
 * A page of the 'ending soon' order: open lots (date_to ahead, not closed) by date_to, then
 * everything else by date_to (no date last). Each part is its own query so the date_to index
 * serves it; the open part's size is counted only when the page reaches past it.
 */
async function endingSoonPage(db: Kysely<Database>, query: ReturnType<typeof itemQuery>, offset: number, limit: number, now: Date) {
  const open = (eb: ItemsEb) => eb.and([eb('items.date_to', '>', now), eb('items.closed_by', 'is', null)]);
  const first = await query.where(open).orderBy('items.date_to', 'asc').orderBy('items.id', 'asc').limit(limit).offset(offset).execute();
  if (first.length === limit) return first;
  const openCount =
    first.length > 0
      ? offset + first.length
      : Number(
          (
            await query
              .clearSelect()
              .clearOrderBy()
              .where(open)
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        );
  const rest = await query
    .where((eb) => eb.not(eb.and([eb.fn.coalesce(sql<boolean>`items.date_to > ${now}`, sql<boolean>`false`), eb('items.closed_by', 'is', null)])))
    .orderBy(sql`items.date_to ASC NULLS LAST`)
    .orderBy('items.id', 'asc')
    .limit(limit - first.length)
    .offset(Math.max(0, offset - openCount))
    .execute();
  return [...first, ...rest];
}

/** The orders that page by key: the sort key's SQL, its SQL type (to read a key back) and direction; ties by id the same way. */
const KEYSET_ORDERS: Record<'newest' | 'oldest' | 'price_low' | 'price_high', { key: RawBuilder<unknown>; type: string; dir: 'asc' | 'desc' }> = {
  newest: { key: sql`items.created_at`, type: 'timestamptz', dir: 'desc' },
  oldest: { key: sql`items.created_at`, type: 'timestamptz', dir: 'asc' },
  price_low: { key: sql`coalesce(items.bid_amount, items.target_amount)`, type: 'numeric', dir: 'asc' },
  price_high: { key: sql`coalesce(items.bid_amount, items.target_amount)`, type: 'numeric', dir: 'desc' },
};

/** How long a page's last lot is kept for the next page to start after it, ms. */
export const BOUNDARY_TTL_MS = 60_000;

/**
 * Where recent pages of the listing ended (the last lot's sort key, as the database's text, and
 * id) by filter set, sort and page number, so that page n + 1 — "Load more" — reads from there
 * (keyset) instead of skipping n × per_page rows: page 5,000 costs what page 2 costs. A page with
 * no recent predecessor here (another process served it, more than {@link BOUNDARY_TTL_MS} ago,
 * or a jump) is read by OFFSET. Keeps the `max` most recently used entries. Source: issue 21.
 */
export class ListingBoundaries {
  private readonly entries = new Map<string, { at: number; value: string; id: number }>();

  constructor(private readonly max = 5000) {}

  /** The boundary recorded under `key` in the last {@link BOUNDARY_TTL_MS} before `now` (ms). */
  get(key: string, now: number): { value: string; id: number } | undefined {
    const e = this.entries.get(key);
    if (!e || e.at < now - BOUNDARY_TTL_MS) return undefined;
    return e;
  }

  /** Records a page's last lot under `key` at `now` (ms). */
  set(key: string, boundary: { value: string; id: number }, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { ...boundary, at: now });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets every boundary (after a change that moves lots between pages). */
  clear(): void {
    this.entries.clear();
  }
}

/** How long per-category counts of a filter set are reused, ms (they feed the tabs and the total). */
export const COUNTS_TTL_MS = 2000;

/**
 * Filtered counts are exact up to this many lots; above it they are the planner's estimate
 * (see {@link listItems}). 1,000 lots is 111 pages of the home page's 9.
 */
export const EXACT_COUNT_LIMIT = 1000;

type KindCounts = { type: 'cash' | 'online' | 'live'; n: number }[];

/** Recent per-category counts by filter set (see {@link listItems}). */
export type ListingCountsCache = Map<string, { at: number; rows: KindCounts }>;

/**
 * Whether the filter set narrows the catalogue beyond the category, the sale and the sort (then
 * `item_counts` can't answer, and the page is not a landing page the listing cache keeps).
 */
export function narrowsCatalogue(q: ListItemsQuery): boolean {
  return Boolean(
    (q.search && toPrefixTsQuery(q.search)) ||
    q.branch_id ||
    q.locations.length ||
    q.conditions.length ||
    q.price_min !== undefined ||
    q.price_max !== undefined ||
    q.has_images ||
    q.has_reserve ||
    q.featured_only ||
    q.date_range ||
    q.date_from ||
    q.date_to ||
    q.statuses.length,
  );
}

/**
 * Lots per kind (cash, online, live) under the filter set, without counting the catalogue:
 * - no filter but the sale: the `item_counts` rows the triggers keep (exact);
 * - otherwise the matching lots are counted up to {@link EXACT_COUNT_LIMIT} (exact below it);
 *   above it the planner's estimate of the matches (at least the limit + 1), split over the
 *   kinds as the counted ones were.
 */
async function countByKind(db: Kysely<Database>, q: ListItemsQuery, filters: ReturnType<typeof baseFilters>): Promise<KindCounts> {
  if (!narrowsCatalogue(q)) {
    const { rows } = await sql<{ type: 'cash' | 'online' | 'live'; n: number }>`
      SELECT at.type, sum(c.n)::bigint AS n FROM item_counts c JOIN auction_types at ON at.id = c.auction_type_id
      WHERE c.status <> 'withdrawn' AND at.published_at IS NOT NULL ${q.auction_type_id ? sql`AND c.auction_type_id = ${q.auction_type_id}` : sql``}
      GROUP BY at.type`.execute(db);
    return rows.map((r) => ({ type: r.type, n: Number(r.n) }));
  }
  const matching = db.selectFrom('items').innerJoin('auction_types as at', 'at.id', 'items.auction_type_id').where(filters);
  const sample = await db
    .selectFrom(
      matching
        .select('at.type')
        .limit(EXACT_COUNT_LIMIT + 1)
        .as('s'),
    )
    .select(['s.type', sql<number>`count(*)::int`.as('n')])
    .groupBy('s.type')
    .execute();
  const counted = sample.reduce((sum, r) => sum + Number(r.n), 0);
  if (counted <= EXACT_COUNT_LIMIT) return sample.map((r) => ({ type: r.type, n: Number(r.n) }));
  const compiled = matching.select(sql<number>`1`.as('one')).compile();
  const plan = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>({
    ...compiled,
    sql: `EXPLAIN (FORMAT JSON) ${compiled.sql}`,
  });
  const estimate = Math.max(EXACT_COUNT_LIMIT + 1, Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
  return sample.map((r) => ({ type: r.type, n: Math.round((estimate * Number(r.n)) / counted) }));
}

/**
 * The home listing: filters, search, sort and paging of `GET /ajax-items`, plus per-category
 * counts (all filters but the category) for the tabs; the page's total is the sum of the counts
 * of the kinds kept. Counts don't scan the catalogue: the unfiltered ones come from the
 * `item_counts` table, filtered ones are exact up to {@link EXACT_COUNT_LIMIT} and estimated
 * above it (see countByKind); either way `total` is corrected by the page itself: a short page
 * makes it exact, and a full page with more behind it keeps a next page (so "Load more" shows
 * exactly while more lots exist). With `caches.counts`, counts of the same filter set are reused
 * for {@link COUNTS_TTL_MS} (the page of items itself is always fresh). With `caches.boundaries`,
 * a page that follows one served a moment ago starts after that page's last lot (keyset) instead
 * of skipping `(page - 1) × per_page` rows: see {@link ListingBoundaries}.
 * Source: spec/shopping.md §2, §3, §7; issue 21 (counts at catalogue scale).
 */
export async function listItems(
  db: Kysely<Database>,
  q: ListItemsQuery,
  increment: Increments,
  now = new Date(),
  caches: { counts?: ListingCountsCache; boundaries?: ListingBoundaries } = {},
): Promise<PagedItems> {
  const countsCache = caches.counts;
  const filters = baseFilters(q, now);
  const kinds = listingKinds(q);
  let query = itemQuery(db).where(listingFilter(q, now));

  const order = q.sort_by === 'ending_soon' ? null : KEYSET_ORDERS[q.sort_by];
  if (order) {
    const key = sql`${order.key}`;
    query = query.orderBy(key, order.dir).orderBy('items.id', order.dir);
  }
  // Open lots soonest first, then the rest, for 'ending_soon': two index-friendly queries (see endingSoonPage).

  const offset = (q.page - 1) * q.per_page;
  const boundaryKey = order && caches.boundaries ? JSON.stringify({ ...q, page: undefined }) : null;
  const after = boundaryKey && q.page > 1 ? caches.boundaries!.get(`${boundaryKey}#${q.page - 1}`, Date.now()) : undefined;
  let pageQuery = order ? query.select(sql<string>`(${order.key})::text`.as('sort_key')) : query;
  if (order && after) {
    // (key, id) past the previous page's last lot; the lone `key >= v` lets a one-column index start there.
    const cmp = order.dir === 'desc' ? sql.raw('<') : sql.raw('>');
    const cmpEq = order.dir === 'desc' ? sql.raw('<=') : sql.raw('>=');
    const v = sql`${after.value}::${sql.raw(order.type)}`;
    pageQuery = pageQuery.where(sql<SqlBool>`${order.key} ${cmpEq} ${v} AND (${order.key}, items.id) ${cmp} (${v}, ${after.id}::bigint)`);
  }
  const countsKey = JSON.stringify({ ...q, page: undefined, per_page: undefined, sort_by: undefined, type: undefined, auction_types: undefined });
  const cached = countsCache?.get(countsKey);
  // One row more than the page tells whether another page follows.
  const [fetched, countRows] = await Promise.all([
    q.sort_by === 'ending_soon'
      ? endingSoonPage(db, query, offset, q.per_page + 1, now)
      : pageQuery
          .limit(q.per_page + 1)
          .offset(after ? 0 : offset)
          .execute(),
    cached && cached.at > Date.now() - COUNTS_TTL_MS
      ? cached.rows
      : countByKind(db, q, filters).then((fresh) => {
          if (countsCache) {
            if (countsCache.size > 500) countsCache.clear();
            countsCache.set(countsKey, { at: Date.now(), rows: fresh });
          }
          return fresh;
        }),
  ]);
  const more = fetched.length > q.per_page;
  const rows = more ? fetched.slice(0, q.per_page) : fetched;
  const last = rows.at(-1) as { id: number; sort_key?: string } | undefined;
  if (boundaryKey && last?.sort_key !== undefined) caches.boundaries!.set(`${boundaryKey}#${q.page}`, { value: last.sort_key, id: last.id }, Date.now());
  const counts = { all: 0, cash: 0, online: 0, live: 0 };
  for (const r of countRows) {
    counts[r.type] = Number(r.n);
    counts.all += Number(r.n);
  }
  // The total under the category: the counts of the kinds it keeps (all kinds when none chosen).
  const counted = kinds[0] === 'none' ? 0 : kinds.length ? kinds.reduce((sum, k) => sum + (counts[k as keyof typeof counts] ?? 0), 0) : counts.all;
  // The page knows better than a count from a moment ago or an estimate: a short (or empty, past
  // the end) page ends the list, a full one with more behind it keeps a next page.
  const total = more ? Math.max(counted, offset + rows.length + 1) : rows.length > 0 || offset === 0 ? offset + rows.length : Math.min(counted, offset);
  const pagination = pageInfo(total, q.page, q.per_page, rows.length);
  return { data: rows.map((r) => itemRowToItem(r, increment)), ...pagination, pagination, counts };
}

/** All branches, by id: `{id, name, address, phone}` (address and phone null when unknown). */
export function listBranches(db: Kysely<Database>) {
  return db.selectFrom('branches').select(['id', 'name', 'address', 'phone']).orderBy('id').execute();
}

/**
 * Published, active auction types (sales), optionally of one kind (cash, online, live), by id:
 * the spec's `{id, name, type, description, date_from, date_to}` plus, from issue 13 "Sales",
 * `branch_id`, `deposit_required` (always for live sales), `deposit_amount`,
 * `buyers_premium_percent`, `soft_close_minutes` and `stagger_seconds`. Drafts are left out.
 */
export async function listAuctionTypes(db: Kysely<Database>, kind?: 'cash' | 'online' | 'live') {
  let q = db
    .selectFrom('auction_types')
    .select([
      'id',
      'name',
      'type',
      'description',
      'date_from',
      'date_to',
      'branch_id',
      'deposit_required',
      'deposit_amount',
      'buyers_premium_percent',
      'soft_close_minutes',
      'stagger_seconds',
    ])
    .where('active', '=', true)
    .where('published_at', 'is not', null)
    .orderBy('id');
  if (kind) q = q.where('type', '=', kind);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, deposit_required: r.deposit_required || r.type === 'live', date_from: iso(r.date_from), date_to: iso(r.date_to) }));
}

/** Whether a lot with this id exists (whatever its status). */
export async function itemExists(db: Kysely<Database>, itemId: number): Promise<boolean> {
  return (await db.selectFrom('items').select('id').where('id', '=', itemId).executeTakeFirst()) !== undefined;
}
