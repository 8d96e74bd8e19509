import { type Kysely, sql } from 'kysely';

const BEFORE = `'outbid', 'closing_soon', 'won', 'payment_received', 'registration_decided', 'saved_search'`;

/**
 * A new notification type, `lot_withdrawn`: the bidder leading a lot an operator withdraws is told
 * (issue 13 "Lots (items)": withdraw, leading bidders are told).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check`.execute(db);
  await sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${BEFORE}, 'lot_withdrawn'))`).execute(db);
}

/** Removes the type (and its notifications). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM notifications WHERE type = 'lot_withdrawn'`.execute(db);
  await sql`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check`.execute(db);
  await sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${BEFORE}))`).execute(db);
}
