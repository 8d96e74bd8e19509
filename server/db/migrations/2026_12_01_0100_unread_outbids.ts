import { type Kysely, sql } from 'kysely';

/**
 * A bidder's unread outbid alerts by lot: what the notifier reads each step to mark them seen once
 * the bidder bids on that lot again. Without it each of those pairs read every unread notification
 * of its bidder, so a busy bidder's alerts made every step slower (350 ms a step, nearly all of the
 * notifier's database time, after 20,000 bids over 1,000 lots). Issue 14 "Proof and speed".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS notifications_unread_outbid ON notifications (user_id, item_id) WHERE type = 'outbid' AND read_at IS NULL`.execute(db);
}

/** Drops the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS notifications_unread_outbid`.execute(db);
}
