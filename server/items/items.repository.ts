import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { minimumNextBid } from '@shared/rules/bidding.js';
import type { Item, ListItemsQuery, PagedItems } from '@shared/schemas/item.schema.js';
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
      'b.name as branch_name',
      sql<{ id: number; url: string; original_url: string }[]>`coalesce((
        SELECT json_agg(json_build_object('id', m.id, 'url', m.url, 'original_url', m.original_url) ORDER BY m.position, m.id)
        FROM item_media m WHERE m.item_id = items.id), '[]'::json)`.as('media'),
    ]);
}

type ItemQueryRow = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

/** Maps a joined item row to the public Item shape (spec/shopping.md §3), given the bid increment. */
export function itemRowToItem(row: ItemQueryRow, increment: number): Item {
  const media = row.media ?? [];
  return {
    id: row.id,
    name: row.name,
    title: row.title ?? row.name,
    description: row.description,
    target_amount: row.target_amount,
    bid_amount: row.bid_amount,
    bid_count: row.bid_count,
    min_next_bid: minimumNextBid(row.bid_amount, row.target_amount, increment),
    auction_id: row.auction_type_id,
    auction_type_id: row.auction_type_id,
    auction_type: { id: row.auction_type_id, name: row.at_name, type: row.at_type, description: row.at_description },
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
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Loads one item by id in the public shape; undefined when missing. */
export async function findItemById(db: Kysely<Database>, id: number, increment: number): Promise<Item | undefined> {
  const row = await itemQuery(db).where('items.id', '=', id).executeTakeFirst();
  return row && itemRowToItem(row, increment);
}

/** Loads items by id in the public shape, as a map by id (missing ids are absent). One query. */
export async function findItemsByIds(db: Kysely<Database>, ids: readonly number[], increment: number): Promise<Map<number, Item>> {
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

/** Filters of the listing except the category (`type`/`auction_types`), shared by data and counts. */
function baseFilters(q: ListItemsQuery, now: Date) {
  return (eb: ItemsEb): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [eb('items.status', '!=', 'withdrawn')];
    const tsq = q.search ? toPrefixTsQuery(q.search) : null;
    if (q.search && tsq) {
      // Name, code and reference are all in the GIN-indexed vector (prefix words).
      all.push(sql<SqlBool>`items.search_vector @@ to_tsquery('simple', ${tsq})`);
    }
    if (q.branch_id) all.push(eb('items.branch_id', '=', q.branch_id));
    if (q.auction_type_id) all.push(eb('items.auction_type_id', '=', q.auction_type_id));
    const locations = q.locations.map(Number).filter((n) => Number.isInteger(n) && n > 0);
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

/** How long per-category counts of a filter set are reused, ms (they feed the tabs and the total). */
export const COUNTS_TTL_MS = 2000;

/** Recent per-category counts by filter set (see {@link listItems}). */
export type ListingCountsCache = Map<string, { at: number; rows: { type: 'cash' | 'online' | 'live'; n: number }[] }>;

/**
 * The home listing: filters, search, sort and paging of `GET /ajax-items`, plus per-category
 * counts (all filters but the category) for the tabs; the page's total is the sum of the counts
 * of the kinds kept. With `countsCache`, counts of the same filter set are reused for
 * {@link COUNTS_TTL_MS} (the page of items itself is always fresh). Source: spec/shopping.md §2, §3, §7.
 */
export async function listItems(
  db: Kysely<Database>,
  q: ListItemsQuery,
  increment: number,
  now = new Date(),
  countsCache?: ListingCountsCache,
): Promise<PagedItems> {
  const filters = baseFilters(q, now);
  const kinds = kindFilter(q);
  let query = itemQuery(db).where(filters);
  if (q.type && q.type !== 'all' && kinds.length === 0) query = query.where(sql<SqlBool>`false`);
  else if (kinds.length) query = query.where('at.type', 'in', kinds as ('cash' | 'online' | 'live')[]);

  switch (q.sort_by) {
    case 'oldest':
      query = query.orderBy('items.created_at', 'asc').orderBy('items.id', 'asc');
      break;
    case 'price_low':
      query = query.orderBy(price, 'asc').orderBy('items.id', 'asc');
      break;
    case 'price_high':
      query = query.orderBy(price, 'desc').orderBy('items.id', 'desc');
      break;
    case 'ending_soon':
      // Open lots soonest first, then the rest: two index-friendly queries (see endingSoonPage).
      break;
    default:
      query = query.orderBy('items.created_at', 'desc').orderBy('items.id', 'desc');
  }

  const offset = (q.page - 1) * q.per_page;
  const countsKey = JSON.stringify({ ...q, page: undefined, per_page: undefined, sort_by: undefined, type: undefined, auction_types: undefined });
  const cached = countsCache?.get(countsKey);
  const [rows, countRows] = await Promise.all([
    q.sort_by === 'ending_soon' ? endingSoonPage(db, query, offset, q.per_page, now) : query.limit(q.per_page).offset(offset).execute(),
    cached && cached.at > Date.now() - COUNTS_TTL_MS
      ? cached.rows
      : db
          .selectFrom('items')
          .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
          .leftJoin('branches as b', 'b.id', 'items.branch_id')
          .where(filters)
          .select(['at.type', sql<number>`count(*)`.as('n')])
          .groupBy('at.type')
          .execute()
          .then((fresh) => {
            if (countsCache) {
              if (countsCache.size > 500) countsCache.clear();
              countsCache.set(countsKey, { at: Date.now(), rows: fresh });
            }
            return fresh;
          }),
  ]);
  const counts = { all: 0, cash: 0, online: 0, live: 0 };
  for (const r of countRows) {
    counts[r.type] = Number(r.n);
    counts.all += Number(r.n);
  }
  // The total under the category: the counts of the kinds it keeps (all kinds when none chosen).
  const total =
    q.type && q.type !== 'all' && kinds.length === 0
      ? 0
      : kinds.length
        ? kinds.reduce((sum, k) => sum + (counts[k as keyof typeof counts] ?? 0), 0)
        : counts.all;
  const pagination = pageInfo(total, q.page, q.per_page, rows.length);
  return { data: rows.map((r) => itemRowToItem(r, increment)), ...pagination, pagination, counts };
}

/** All branches, by id. */
export function listBranches(db: Kysely<Database>) {
  return db.selectFrom('branches').select(['id', 'name']).orderBy('id').execute();
}

/** Auction types, optionally of one kind (cash, online, live), active first by name. */
export async function listAuctionTypes(db: Kysely<Database>, kind?: 'cash' | 'online' | 'live') {
  let q = db.selectFrom('auction_types').select(['id', 'name', 'type', 'description', 'date_from', 'date_to']).where('active', '=', true).orderBy('id');
  if (kind) q = q.where('type', '=', kind);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, date_from: iso(r.date_from), date_to: iso(r.date_to) }));
}

/** Whether a lot with this id exists (whatever its status). */
export async function itemExists(db: Kysely<Database>, itemId: number): Promise<boolean> {
  return (await db.selectFrom('items').select('id').where('id', '=', itemId).executeTakeFirst()) !== undefined;
}
