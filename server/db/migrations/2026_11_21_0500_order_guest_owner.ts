import { type Kysely, sql } from 'kysely';

/**
 * Orders placed by guests remember the guest's cart cookie (its SHA-256 only), so the result
 * pages show an order only to the browser that placed it (or to its signed-in owner).
 * Source: spec/shopping.md §6 (guests check out) and §4 (payment success page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN guest_token_hash text`.execute(db);
  await sql`CREATE INDEX orders_guest_token_hash_idx ON orders (guest_token_hash) WHERE guest_token_hash IS NOT NULL`.execute(db);
}

/** Removes the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN IF EXISTS guest_token_hash`.execute(db);
}
