import { type Kysely, sql } from 'kysely';

/**
 * Drops `bids_item_created_idx` (lot, time, id): no query reads a lot's bids by time any more (a
 * lot's bids are read by id, `bids_item_id_idx`, or by amount, the unique lot-and-amount index),
 * and every stored bid paid for one more index entry. Issue 14 "Proof and speed".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bids_item_created_idx`.execute(db);
}

/** Puts the index back. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS bids_item_created_idx ON bids (item_id, created_at DESC, id DESC)`.execute(db);
}
