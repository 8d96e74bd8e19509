import { type Kysely, sql } from 'kysely';

/**
 * Operators settle cash-on-delivery orders: `orders.settled_by` (the admin who recorded the cash
 * or cancelled the reservation; null when a job did it) and `orders.cancel_reason` (the
 * operator's reason for an early cancellation). Source: admin orders (cash received / cancel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN settled_by bigint REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN cancel_reason text`.execute(db);
}

/** Removes the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS cancel_reason`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS settled_by`.execute(db);
}
