import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { bidPosition, minimumNextBid } from '@shared/rules/bidding.js';
import type { DashboardBid, DashboardStats, PagedDashboardBids } from '@shared/schemas/dashboard.schema.js';
import type { Database } from '../db/types.js';
import type { Increments } from '../items/items.repository.js';
import { toPrefixTsQuery } from '../items/items.repository.js';
import { likePattern } from '../watchlist/watchlist.repository.js';
import { pageInfo } from '../http/pagination.js';

/**
 * What the dashboard counts (the spec names the fields, not their rules; decided here):
 * - an ENTRY is one item the user bid on, carrying the user's highest bid on it;
 * - an entry is ACTIVE while its item is undecided: status 'available' and `closed_by` empty
 *   (an auction past `date_to` that the closing job has not reached yet stays active and shows
 *   'Ended' until `auction.closed` moves it);
 * - HISTORY holds the decided ones (sold, unsold, withdrawn, or `closed_by` set): WON when
 *   `closed_by` is the user, otherwise LOST (spec/accounts-and-shell.md §4).
 */
const isOpen = sql<SqlBool>`(items.status = 'available' AND items.closed_by IS NULL)`;

/** The user's entries: one row per item with the user's top bid, the item and its auction type. */
function entriesQuery(db: Kysely<Database>, userId: number) {
  return (
    db
      .with('mine', (qb) =>
        qb
          .selectFrom('bids')
          .where('bids.user_id', '=', userId)
          .groupBy('bids.item_id')
          .select(['bids.item_id', sql<number>`max(bids.bid_amount)`.as('top'), sql<number>`count(*)`.as('n'), sql<Date>`max(bids.created_at)`.as('last_at')]),
      )
      .selectFrom('mine')
      // (item_id, bid_amount) is unique, so this is exactly the user's top bid on the item.
      .innerJoin('bids as tb', (j) => j.onRef('tb.item_id', '=', 'mine.item_id').onRef('tb.bid_amount', '=', 'mine.top'))
      .innerJoin('items', 'items.id', 'mine.item_id')
      .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
      .innerJoin('users as u', 'u.id', 'tb.user_id')
  );
}

type Filter = { search?: string; status?: 'won' | 'lost' };

/** The search condition over the item's words, name or code; null when there is no search. */
function searchCondition(search: string | undefined): Expression<SqlBool> | null {
  if (!search) return null;
  const tsq = toPrefixTsQuery(search);
  const like = likePattern(search);
  const parts = [sql<SqlBool>`items.name ILIKE ${like}`, sql<SqlBool>`items.code ILIKE ${like}`];
  if (tsq) parts.push(sql<SqlBool>`items.search_vector @@ to_tsquery('simple', ${tsq})`);
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/**
 * A page of the user's ACTIVE entries (see {@link isOpen}), ending soonest first, or of the
 * HISTORY entries (most recently ended first, `status` won/lost filter). `search` matches the
 * item's words, name or code. Only the user's own bids are read (index bids(user_id, …)).
 * Source: spec/accounts-and-shell.md §2, §3, §4, §7.
 */
export async function listDashboardBids(
  db: Kysely<Database>,
  userId: number,
  kind: 'active' | 'history',
  q: { page: number; perPage: number } & Filter,
  increment: Increments,
): Promise<PagedDashboardBids> {
  let query = entriesQuery(db, userId).where(kind === 'active' ? isOpen : sql<SqlBool>`NOT ${isOpen}`);
  const searched = searchCondition(q.search);
  if (searched) query = query.where(searched);
  if (kind === 'history' && q.status === 'won') query = query.where('items.closed_by', '=', userId);
  if (kind === 'history' && q.status === 'lost') query = query.where(sql<SqlBool>`items.closed_by IS DISTINCT FROM ${userId}`);
  const ordered =
    kind === 'active'
      ? query.orderBy(sql`items.date_to ASC NULLS LAST`).orderBy('items.id', 'asc')
      : query.orderBy(sql`coalesce(items.closed_at, items.date_to, mine.last_at) DESC`).orderBy('items.id', 'desc');
  const offset = (q.page - 1) * q.perPage;
  const rows = await ordered
    .select([
      'tb.id',
      'tb.created_at',
      'mine.item_id',
      'mine.top',
      'mine.n',
      'mine.last_at',
      'u.name as user_name',
      'items.name',
      'items.code',
      'items.bid_amount as current',
      'items.bid_count',
      'items.target_amount',
      'items.status as item_status',
      'items.date_to',
      'items.closed_by',
      'at.id as at_id',
      'at.name as at_name',
      'at.type as at_type',
      sql<string | null>`(SELECT m.url FROM item_media m WHERE m.item_id = items.id ORDER BY m.position, m.id LIMIT 1)`.as('image'),
      sql<number>`count(*) over ()`.as('full_count'),
    ])
    .limit(q.perPage)
    .offset(offset)
    .execute();
  let total = Number(rows[0]?.full_count ?? 0);
  if (rows.length === 0 && offset > 0) {
    const again = await ordered
      .select(sql<number>`count(*)`.as('n'))
      .clearOrderBy()
      .executeTakeFirst();
    total = Number(again?.n ?? 0);
  }
  const data: DashboardBid[] = rows.map((r) => {
    const dateTo = r.date_to ? r.date_to.toISOString() : null;
    const status = kind === 'history' ? (r.closed_by === userId ? 'won' : 'lost') : bidPosition(r.top, r.current);
    return {
      id: r.id,
      item_id: r.item_id,
      user_id: userId,
      bid_amount: Number(r.top),
      created_at: r.created_at.toISOString(),
      closed_by: r.closed_by,
      date_to: dateTo,
      user: { name: r.user_name },
      item: {
        id: r.item_id,
        name: r.name,
        image: r.image,
        code: r.code,
        bid_amount: r.current,
        bid_count: r.bid_count,
        target_amount: r.target_amount,
        min_next_bid: minimumNextBid(r.current, r.target_amount, typeof increment === 'number' ? increment : increment.for(r.at_id)),
        status: r.item_status,
        type: r.at_type,
        date_to: dateTo,
        closed_by: r.closed_by,
      },
      auctionType: { id: r.at_id, name: r.at_name, type: r.at_type },
      current_bid: Number(r.current ?? 0),
      status,
      my_bid_count: Number(r.n),
      last_bid_at: new Date(r.last_at).toISOString(),
    };
  });
  return {
    data,
    ...pageInfo(total, q.page, q.perPage, data.length),
  };
}

/**
 * The user's dashboard stats, in one query over the user's own bids (whole MWK):
 * - total_bids: every bid the user placed (each raise counts);
 * - active_bids / won_auctions / lost_auctions: entries (items) active, won, lost as defined above;
 * - total_bid_amount: sum over items of the user's highest bid on each (what the user offered,
 *   raises not double-counted); average_bid_amount: that sum / number of items bid on, rounded;
 *   highest_bid: the user's largest bid;
 * - watchlist_count: items on the watchlist;
 * - win_rate: won / (won + lost) × 100 with one decimal; 0 when nothing is decided yet.
 * Source: spec/accounts-and-shell.md §3 "Dashboard response".
 */
export async function getDashboardStats(db: Kysely<Database>, userId: number): Promise<DashboardStats> {
  const [row, watch] = await Promise.all([
    db
      .with('mine', (qb) =>
        qb
          .selectFrom('bids')
          .where('bids.user_id', '=', userId)
          .groupBy('bids.item_id')
          .select(['bids.item_id', sql<number>`max(bids.bid_amount)`.as('top'), sql<number>`count(*)`.as('n')]),
      )
      .selectFrom('mine')
      .innerJoin('items', 'items.id', 'mine.item_id')
      .select([
        sql<number>`coalesce(sum(mine.n), 0)`.as('total_bids'),
        sql<number>`count(*)`.as('items'),
        sql<number>`count(*) FILTER (WHERE ${isOpen})`.as('active'),
        sql<number>`count(*) FILTER (WHERE items.closed_by = ${userId})`.as('won'),
        sql<number>`count(*) FILTER (WHERE NOT ${isOpen} AND items.closed_by IS DISTINCT FROM ${userId})`.as('lost'),
        sql<number>`coalesce(sum(mine.top), 0)`.as('total_amount'),
        sql<number>`coalesce(max(mine.top), 0)`.as('highest'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('watchlist_items')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const items = Number(row.items);
  const won = Number(row.won);
  const lost = Number(row.lost);
  const total = Number(row.total_amount);
  return {
    total_bids: Number(row.total_bids),
    active_bids: Number(row.active),
    won_auctions: won,
    lost_auctions: lost,
    watchlist_count: Number(watch.n),
    total_bid_amount: total,
    average_bid_amount: items ? Math.round(total / items) : 0,
    highest_bid: Number(row.highest),
    win_rate: won + lost ? Math.round((won / (won + lost)) * 1000) / 10 : 0,
  };
}
