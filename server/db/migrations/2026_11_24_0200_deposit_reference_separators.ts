import { type Kysely, sql } from 'kysely';

/**
 * A bank deposit reference is one reference however it is written: `NBM 2026 000123`,
 * `NBM-2026-000123` and `nbm/2026/000123` are the same deposit. The unique index compares
 * references with case, spaces and separators removed (only letters and digits count); the
 * stored text keeps what the bidder typed. Source: the fault-hardening review (a deposit used
 * twice by writing its reference differently).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS auction_subscriptions_reference_key`.execute(db);
  await sql`CREATE UNIQUE INDEX auction_subscriptions_reference_key ON auction_subscriptions (regexp_replace(upper(reference_number), '[^A-Z0-9]', '', 'g'))`.execute(
    db,
  );
}

/** Back to comparing by case only. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS auction_subscriptions_reference_key`.execute(db);
  await sql`CREATE UNIQUE INDEX auction_subscriptions_reference_key ON auction_subscriptions (upper(reference_number))`.execute(db);
}
