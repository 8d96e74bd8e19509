import { type Kysely, sql } from 'kysely';

/**
 * Who an order was placed by, beyond its account: `placed_from` (SHA-256 of the source address,
 * never the address itself) and `phone_key` (the buyer's phone as its nine national digits, so
 * `+265 888 123 456` = `0888123456`). Checkout caps the open (unpaid) orders per account, phone
 * and source address with them. Source: issue 18 (a guest could take stock off sale with
 * unpaid orders, without limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN placed_from text NULL, ADD COLUMN phone_key text NULL`.execute(db);
  await sql`CREATE INDEX orders_open_user_idx ON orders (user_id) WHERE status IN ('awaiting_payment', 'reserved')`.execute(db);
  await sql`CREATE INDEX orders_open_phone_idx ON orders (phone_key) WHERE status IN ('awaiting_payment', 'reserved')`.execute(db);
  await sql`CREATE INDEX orders_open_source_idx ON orders (placed_from) WHERE status IN ('awaiting_payment', 'reserved')`.execute(db);
}

/** Drops the two columns and their indexes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_open_user_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_open_phone_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_open_source_idx`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS placed_from, DROP COLUMN IF EXISTS phone_key`.execute(db);
}
