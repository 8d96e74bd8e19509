import { type Kysely, sql } from 'kysely';

/**
 * A lot's bids in id order (the order they were stored): what a bid's event reads to number it and
 * to find the bids either side of it. Without it each of those scanned every bid of the lot, so
 * rebuilding a batch of events (notifications, a socket's replay) cost the square of a busy lot's
 * bids. Issue 14 "Proof and speed".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS bids_item_id_idx ON bids (item_id, id)`.execute(db);
}

/** Drops the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bids_item_id_idx`.execute(db);
}
