import { type Kysely, sql } from 'kysely';

/**
 * Default of the operators' setting `mask_bidder_names`: false, bid histories show bidders' names
 * as the spec does. When an operator turns it on, others see a shortened name with the bidder's
 * number on the lot (server/bids/bidder-names.ts); an operator's own value is kept.
 * Source: spec/shopping.md §2 "Item detail" (names shown), issue 20 item 8.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO settings (key, value) VALUES ('mask_bidder_names', 'false') ON CONFLICT DO NOTHING`.execute(db);
}

/** Removes the setting (the code then uses its default, false). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM settings WHERE key = 'mask_bidder_names'`.execute(db);
}
