import { type Kysely, sql } from 'kysely';

/**
 * A won auction's order can be paid by bank transfer that an operator confirms (issue 13
 * "Settlement"): a payment row may now be `bank` as well as `dpopay` or `cash`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_provider_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_provider_check CHECK (provider IN ('dpopay', 'cash', 'bank'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_provider_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_provider_check CHECK (provider IN ('dpopay', 'cash'))`.execute(db);
}
