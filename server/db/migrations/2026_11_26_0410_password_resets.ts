import { type Kysely, sql } from 'kysely';

/**
 * Password reset links (issue 16 "Mail the product already promises"): one row per link mailed,
 * holding only the SHA-256 of its token, when it expires (60 minutes) and when it was used (a
 * link works once; asking again retires the earlier ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE password_resets (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX password_resets_user ON password_resets (user_id, created_at DESC)`.execute(db);
}

/** Drops the reset links. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS password_resets`.execute(db);
}
