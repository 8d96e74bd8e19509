import { type Kysely, sql } from 'kysely';

/**
 * The lots' full-text index keeps a short pending list (128 kB instead of the server's 4 MB
 * default). Every bid updates its lot's row, and each update adds the lot's words to that list
 * (a price change is no HOT update: the price is indexed). The statement that fills the list
 * merges it into the index, so with 4 MB one bid batch in a few seconds stalled 50–90 ms while
 * bids arrived at 3,300 a second over 1,000 lots; with 128 kB the merges are small and steady.
 * Searches read the pending list too, so they gain from a short one. Issue 14 "Proof and speed"
 * (spread figures).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX items_search_idx SET (gin_pending_list_limit = 128)`.execute(db);
}

/** Back to the server's default pending list. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER INDEX items_search_idx RESET (gin_pending_list_limit)`.execute(db);
}
