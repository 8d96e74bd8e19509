import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Pagination, WatchlistEntry } from '@shared/schemas/watchlist.schema.js';
import type { Database } from '../db/types.js';
import { findItemsByIds, toPrefixTsQuery, type Increments } from '../items/items.repository.js';
import { pageInfo } from '../http/pagination.js';

/** `ILIKE` pattern of free text, with `%`, `_` and `\` escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}

/**
 * A page of the user's watchlist, most recently added first: item fields (`id` = item id) plus
 * `watchlist_id` and `added_at`. `search` matches the item's words (prefix), code or reference.
 * Pagination: current_page, last_page, per_page, total, from, to (accounts-and-shell §3).
 */
export async function listWatchlist(
  db: Kysely<Database>,
  userId: number,
  q: { page: number; perPage: number; search?: string },
  increment: Increments,
): Promise<{ data: WatchlistEntry[]; meta: Pagination }> {
  let query = db.selectFrom('watchlist_items as w').innerJoin('items', 'items.id', 'w.item_id').where('w.user_id', '=', userId);
  if (q.search) {
    const tsq = toPrefixTsQuery(q.search);
    const like = likePattern(q.search);
    query = query.where((eb) =>
      eb.or([
        ...(tsq ? [sql<SqlBool>`items.search_vector @@ to_tsquery('simple', ${tsq})`] : []),
        eb('items.name', 'ilike', like),
        eb('items.code', 'ilike', like),
        eb('items.reference_number', 'ilike', like),
      ]),
    );
  }
  const offset = (q.page - 1) * q.perPage;
  const [rows, countRow] = await Promise.all([
    query
      .select(['w.id as watchlist_id', 'w.item_id', 'w.created_at'])
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(q.perPage)
      .offset(offset)
      .execute(),
    query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const items = await findItemsByIds(
    db,
    rows.map((r) => r.item_id),
    increment,
  );
  const data: WatchlistEntry[] = [];
  for (const r of rows) {
    const item = items.get(r.item_id);
    if (item) data.push({ ...item, watchlist_id: r.watchlist_id, added_at: r.created_at.toISOString() });
  }
  const total = Number(countRow.n);
  return {
    data,
    meta: pageInfo(total, q.page, q.perPage, data.length),
  };
}

/** Adds the item to the user's watchlist; a second add changes nothing. Returns whether a row was added. */
export async function insertWatchlistItem(db: Kysely<Database>, userId: number, itemId: number): Promise<boolean> {
  const row = await db
    .insertInto('watchlist_items')
    .values({ user_id: userId, item_id: itemId })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes the item from the user's watchlist. Returns whether a row was removed. */
export async function deleteWatchlistItem(db: Kysely<Database>, userId: number, itemId: number): Promise<boolean> {
  const res = await db.deleteFrom('watchlist_items').where('user_id', '=', userId).where('item_id', '=', itemId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** True when the item is on the user's watchlist. */
export async function isInWatchlist(db: Kysely<Database>, userId: number, itemId: number): Promise<boolean> {
  const row = await db.selectFrom('watchlist_items').select('id').where('user_id', '=', userId).where('item_id', '=', itemId).executeTakeFirst();
  return Boolean(row);
}

/** Number of items on the user's watchlist. */
export async function countWatchlist(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('watchlist_items')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of every item on the user's watchlist, most recently added first. */
export async function listWatchlistItemIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('watchlist_items')
    .select('item_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.item_id);
}
