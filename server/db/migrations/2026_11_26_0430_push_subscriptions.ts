import { type Kysely, sql } from 'kysely';

/**
 * Web push subscriptions (issue 16 "Web push"): one row per browser a user turned notifications
 * on in (its push service endpoint and the keys that encrypt for it). A subscription the push
 * service says is gone (404/410) is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE push_subscriptions (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_sent_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`.execute(db);
}

/** Drops the subscriptions. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS push_subscriptions`.execute(db);
}
