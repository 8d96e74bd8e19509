import { type Kysely, sql } from 'kysely';

/**
 * Default of the bidding setting `max_bid_factor`: a plain bid may be at most 10 times the lot's
 * minimum next bid (shared/rules/bidding.ts `bidCeiling`, checked by `placeBids` and the bid
 * form), so one bid can't lift a lot's price out of everyone's reach. Added beside the defaults
 * of migration 0002 (bid increment, soft close, cash-on-delivery hours); an operator's own value
 * is kept. Source: fault-hardening review (one huge bid froze an online auction).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO settings (key, value) VALUES ('max_bid_factor', '10') ON CONFLICT DO NOTHING`.execute(db);
}

/** Removes the setting (the code then uses its default, 10). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM settings WHERE key = 'max_bid_factor'`.execute(db);
}
