import { type Kysely, sql } from 'kysely';

/**
 * Payment receipts by e-mail (issue 16: "the payment success page says a confirmation is sent:
 * send it"): one row per paid order, with its delivery state, attempts and last error, so a
 * retry or a second worker never mails a receipt twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE order_receipts (
    order_id bigint PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX order_receipts_due ON order_receipts (next_attempt_at) WHERE status IN ('pending', 'sending')`.execute(db);
}

/** Drops the receipts' delivery state. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS order_receipts`.execute(db);
}
