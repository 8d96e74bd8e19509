import { type Kysely, sql } from 'kysely';

/**
 * Newsletter sign-ups from the footer form (spec/shopping.md §2 "Footer variants", §5
 * "Newsletter"): one row per email (case-insensitive), who signed up and from which page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE newsletter_subscriptions (
    id bigserial PRIMARY KEY,
    email text NOT NULL,
    user_id bigint REFERENCES users(id) ON DELETE SET NULL,
    source text,
    created_at timestamptz NOT NULL DEFAULT now(),
    unsubscribed_at timestamptz
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX newsletter_subscriptions_email_key ON newsletter_subscriptions (lower(email))`.execute(db);
}

/** Drops the newsletter table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS newsletter_subscriptions`.execute(db);
}
