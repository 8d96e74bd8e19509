import { type Kysely, sql } from 'kysely';

/**
 * Operators' controls over a bidder (issue 13 "Bidders"): `users.blocked_at` (null: may bid),
 * `blocked_reason` and `blocked_by` (the operator) — a blocked bidder's bids are refused, their
 * standing leads stay; `bid_limit` (whole MWK ≥ 0; null: no limit) caps what their leading bids
 * plus unpaid wins may add up to. The bid path reads these with the bidder's name in the lot-lock
 * statement, and totals a limited bidder's leads through `items_leader_open_idx`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN blocked_at timestamptz,
      ADD COLUMN blocked_reason text,
      ADD COLUMN blocked_by bigint REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN bid_limit numeric(14,2) CHECK (bid_limit >= 0)`.execute(db);
  await sql`CREATE INDEX items_leader_open_idx ON items (leader_id) WHERE status = 'available'`.execute(db);
  await sql`CREATE INDEX users_blocked_idx ON users (blocked_at) WHERE blocked_at IS NOT NULL`.execute(db);
}

/** Drops the controls (every bidder may bid again, without a limit). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_blocked_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS items_leader_open_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS bid_limit, DROP COLUMN IF EXISTS blocked_by, DROP COLUMN IF EXISTS blocked_reason, DROP COLUMN IF EXISTS blocked_at`.execute(
    db,
  );
}
