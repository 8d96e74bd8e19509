import { type Kysely, sql } from 'kysely';

/**
 * One invoice per buyer per sale (issue 13 "Settlement and results"): a won lot's order is the
 * buyer's invoice for the lot's sale, collecting every lot they win in it until they choose how to
 * pay. It keeps the sale (`sale_id`), the buyer's premium charged (`premium`, at
 * `premium_percent` of the hammer total; `vat` holds the VAT on the premium at
 * `vat_rate_percent`) and the payment deadline (`due_at`). Existing won orders get their lot's sale,
 * no premium, and a deadline three days after they were created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN sale_id bigint REFERENCES auction_types(id) ON DELETE SET NULL,
      ADD COLUMN premium numeric(14,2) NOT NULL DEFAULT 0 CHECK (premium >= 0),
      ADD COLUMN premium_percent numeric(5,2) CHECK (premium_percent >= 0 AND premium_percent <= 100),
      ADD COLUMN vat_rate_percent numeric(5,2) CHECK (vat_rate_percent >= 0 AND vat_rate_percent <= 100),
      ADD COLUMN due_at timestamptz
  `.execute(db);
  await sql`
    UPDATE orders o SET sale_id = i.auction_type_id
      FROM order_lines l JOIN items i ON i.id = l.item_id
     WHERE l.order_id = o.id AND o.source = 'auction'
  `.execute(db);
  await sql`UPDATE orders SET due_at = created_at + interval '3 days' WHERE source = 'auction' AND due_at IS NULL`.execute(db);
  // The operators' invoices of a sale, and a buyer's invoice still collecting lots.
  await sql`CREATE INDEX orders_sale_invoices_idx ON orders (sale_id, status) WHERE source = 'auction'`.execute(db);
  await sql`CREATE INDEX orders_invoices_due_idx ON orders (due_at) WHERE source = 'auction' AND status = 'awaiting_payment'`.execute(db);
}

/** Drops the invoices' columns (won orders stay, one per lot as before). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_invoices_due_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_sale_invoices_idx`.execute(db);
  await sql`
    ALTER TABLE orders
      DROP COLUMN IF EXISTS due_at, DROP COLUMN IF EXISTS vat_rate_percent, DROP COLUMN IF EXISTS premium_percent,
      DROP COLUMN IF EXISTS premium, DROP COLUMN IF EXISTS sale_id
  `.execute(db);
}
