import { type Kysely, sql } from 'kysely';

/**
 * Saved searches (issue 16 "Saved searches"): a user's named listing query (the `GET /ajax-items`
 * parameters, as the listing's own query string holds them) with a frequency. `search_tsquery`
 * (kept as a tsquery, so matching parses nothing) and `kinds` are derived from the query when it
 * is saved, by the listing's own functions, so a new lot is compared only with the searches that
 * can match it; the listing's filter then decides.
 * `saved_search_matches` holds each lot a search matched once (the key makes matching idempotent);
 * a daily search's matches wait there, `digested_at` null, for the morning digest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE saved_searches (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    query jsonb NOT NULL,
    frequency text NOT NULL CHECK (frequency IN ('instant', 'daily')),
    paused boolean NOT NULL DEFAULT false,
    search_tsquery tsquery,
    kinds text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX saved_searches_user_name ON saved_searches (user_id, lower(name))`.execute(db);
  await sql`CREATE INDEX saved_searches_active ON saved_searches (id) WHERE NOT paused`.execute(db);
  await sql`CREATE TABLE saved_search_matches (
    saved_search_id bigint NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
    item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    matched_at timestamptz NOT NULL DEFAULT now(),
    digested_at timestamptz,
    PRIMARY KEY (saved_search_id, item_id)
  )`.execute(db);
  await sql`CREATE INDEX saved_search_matches_waiting ON saved_search_matches (saved_search_id) WHERE digested_at IS NULL`.execute(db);
}

/** Drops saved searches and their matches. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS saved_search_matches`.execute(db);
  await sql`DROP TABLE IF EXISTS saved_searches`.execute(db);
}
