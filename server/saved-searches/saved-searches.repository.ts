import { sql, type Kysely } from 'kysely';
import type { SavedSearchView } from '@shared/schemas/saved-search.schema.js';
import type { Database, SavedSearchesTable } from '../db/types.js';

type SavedSearchRow = Pick<SavedSearchesTable, 'name' | 'frequency'> & {
  id: number | string;
  user_id: number | string;
  query: unknown;
  paused: boolean;
  created_at: Date | string;
};

/** A stored saved search (query parsed), with how often and when it last matched. */
export function savedSearchRowToView(r: SavedSearchRow & { matches?: number | string | null; last_match_at?: Date | string | null }): SavedSearchView {
  return {
    id: Number(r.id),
    name: r.name,
    query: (typeof r.query === 'string' ? JSON.parse(r.query) : r.query) as SavedSearchView['query'],
    frequency: r.frequency,
    paused: r.paused,
    matches: Number(r.matches ?? 0),
    last_match_at: r.last_match_at == null ? null : new Date(r.last_match_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
  };
}

function viewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('saved_searches as s')
    .select(['s.id', 's.user_id', 's.name', 's.query', 's.frequency', 's.paused', 's.created_at'])
    .select(sql<number>`(SELECT count(*) FROM saved_search_matches m WHERE m.saved_search_id = s.id)`.as('matches'))
    .select(sql<Date | null>`(SELECT max(m.matched_at) FROM saved_search_matches m WHERE m.saved_search_id = s.id)`.as('last_match_at'));
}

/** A user's saved searches, oldest first. */
export async function listSavedSearches(db: Kysely<Database>, userId: number): Promise<SavedSearchView[]> {
  const rows = await viewQuery(db).where('s.user_id', '=', userId).orderBy('s.id').execute();
  return rows.map(savedSearchRowToView);
}

/** One saved search of a user (locked with `forUpdate`), or undefined when it isn't theirs. */
export async function findSavedSearch(db: Kysely<Database>, userId: number, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('saved_searches').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** One saved search as its owner sees it. */
export async function readSavedSearch(db: Kysely<Database>, id: number): Promise<SavedSearchView> {
  return savedSearchRowToView(await viewQuery(db).where('s.id', '=', id).executeTakeFirstOrThrow());
}

/** How many saved searches a user has (their row of `users` locked first, so two saves count in turn). */
export async function countSavedSearchesLocked(trx: Kysely<Database>, userId: number): Promise<number> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await trx
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the user has another saved search of this name (case ignored). */
export async function savedSearchNameTaken(db: Kysely<Database>, userId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('saved_searches')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** The fields a saved search is stored with; `searchTsQuery` is the prefix tsquery text of its words. */
export interface SavedSearchFields {
  name: string;
  query: Record<string, unknown>;
  frequency: 'instant' | 'daily';
  paused?: boolean;
  searchTsQuery: string | null;
  kinds: string[];
}

/** Stores a new saved search. @returns its id. */
export async function insertSavedSearch(trx: Kysely<Database>, userId: number, f: SavedSearchFields): Promise<number> {
  const row = await trx
    .insertInto('saved_searches')
    .values({
      user_id: userId,
      name: f.name,
      query: JSON.stringify(f.query),
      frequency: f.frequency,
      search_tsquery: f.searchTsQuery,
      kinds: f.kinds,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates a saved search's fields. */
export async function updateSavedSearchRow(trx: Kysely<Database>, id: number, f: SavedSearchFields): Promise<void> {
  await trx
    .updateTable('saved_searches')
    .set({
      name: f.name,
      query: JSON.stringify(f.query),
      frequency: f.frequency,
      paused: f.paused ?? false,
      search_tsquery: f.searchTsQuery,
      kinds: f.kinds,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a saved search (its matches go with it). */
export async function deleteSavedSearchRow(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('saved_searches').where('id', '=', id).execute();
}

/** A saved search that may match a lot: who owns it, how often it tells, and its listing query. */
export interface CandidateSearch {
  searchId: number;
  itemId: number;
  userId: number;
  name: string;
  frequency: 'instant' | 'daily';
  query: Record<string, unknown>;
}

/**
 * The active saved searches that can match each of lots `itemIds`: those whose search words
 * match the lot's search vector (or that have none) and whose kinds include the lot's (or are
 * all), on listed lots only. A cheap narrowing by columns kept at save time; the listing's own
 * filter decides after (see the matcher).
 */
export async function findCandidateSearches(trx: Kysely<Database>, itemIds: number[]): Promise<CandidateSearch[]> {
  if (itemIds.length === 0) return [];
  const { rows } = await sql<{ search_id: string; item_id: string; user_id: string; name: string; frequency: 'instant' | 'daily'; query: unknown }>`
    SELECT s.id AS search_id, i.id AS item_id, s.user_id, s.name, s.frequency, s.query
    FROM items i
    JOIN auction_types at ON at.id = i.auction_type_id
    JOIN saved_searches s ON NOT s.paused
      AND (s.search_tsquery IS NULL OR i.search_vector @@ s.search_tsquery)
      AND (cardinality(s.kinds) = 0 OR at.type = ANY (s.kinds))
    WHERE i.id IN (${sql.join(itemIds)}) AND i.status <> 'withdrawn' AND at.published_at IS NOT NULL`.execute(trx);
  return rows.map((r) => ({
    searchId: Number(r.search_id),
    itemId: Number(r.item_id),
    userId: Number(r.user_id),
    name: r.name,
    frequency: r.frequency,
    query: (typeof r.query === 'string' ? JSON.parse(r.query) : r.query) as Record<string, unknown>,
  }));
}

/**
 * Records matches (search, lot) once each; instant ones are marked told at once, daily ones wait
 * for the digest. @returns the pairs that were new.
 */
export async function recordMatches(
  trx: Kysely<Database>,
  pairs: { searchId: number; itemId: number; instant: boolean }[],
): Promise<{ searchId: number; itemId: number }[]> {
  if (pairs.length === 0) return [];
  const rows = await trx
    .insertInto('saved_search_matches')
    .values(pairs.map((p) => ({ saved_search_id: p.searchId, item_id: p.itemId, digested_at: p.instant ? sql<Date>`now()` : null })))
    .onConflict((oc) => oc.columns(['saved_search_id', 'item_id']).doNothing())
    .returning(['saved_search_id', 'item_id'])
    .execute();
  return rows.map((r) => ({ searchId: Number(r.saved_search_id), itemId: Number(r.item_id) }));
}

/** Lots of a sale (its auction type), for matching when the sale is published. */
export async function findSaleLotIds(trx: Kysely<Database>, saleIds: number[]): Promise<number[]> {
  if (saleIds.length === 0) return [];
  const rows = await trx.selectFrom('items').select('id').where('auction_type_id', 'in', saleIds).where('status', '!=', 'withdrawn').execute();
  return rows.map((r) => Number(r.id));
}

/** A daily match waiting for its digest: the user, the search's name and the lot. */
export interface WaitingMatch {
  userId: number;
  searchId: number;
  searchName: string;
  itemId: number;
  itemName: string;
  price: number;
}

/**
 * Daily matches recorded before `before` and not yet in a digest, locked (a second producer skips
 * them), oldest first.
 */
export async function takeWaitingMatches(trx: Kysely<Database>, before: Date, limit: number): Promise<WaitingMatch[]> {
  const { rows } = await sql<{ user_id: string; search_id: string; name: string; item_id: string; item_name: string; price: string }>`
    SELECT s.user_id, s.id AS search_id, s.name, i.id AS item_id, i.name AS item_name, coalesce(i.bid_amount, i.target_amount) AS price
    FROM saved_search_matches m
    JOIN saved_searches s ON s.id = m.saved_search_id
    JOIN items i ON i.id = m.item_id
    WHERE m.digested_at IS NULL AND m.matched_at < ${before}
    ORDER BY m.matched_at, m.item_id
    LIMIT ${limit}
    FOR UPDATE OF m SKIP LOCKED`.execute(trx);
  return rows.map((r) => ({
    userId: Number(r.user_id),
    searchId: Number(r.search_id),
    searchName: r.name,
    itemId: Number(r.item_id),
    itemName: r.item_name,
    price: Number(r.price),
  }));
}

/** Marks matches as sent in a digest. */
export async function markDigested(trx: Kysely<Database>, pairs: { searchId: number; itemId: number }[]): Promise<void> {
  if (pairs.length === 0) return;
  await sql`UPDATE saved_search_matches SET digested_at = now()
    WHERE (saved_search_id, item_id) IN (${sql.join(pairs.map((p) => sql`(${p.searchId}::bigint, ${p.itemId}::bigint)`))})`.execute(trx);
}

/** Lots' names and current prices (the leading bid, else the starting amount; MWK) by id. */
export async function findLotPrices(trx: Kysely<Database>, ids: number[]): Promise<Map<number, { name: string; price: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('items').select(['id', 'name', 'bid_amount', 'target_amount']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, price: Number(r.bid_amount ?? r.target_amount) }]));
}
