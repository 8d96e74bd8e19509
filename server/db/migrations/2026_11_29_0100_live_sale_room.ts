import { type Kysely, sql } from 'kysely';

/**
 * The live sale room and the clerk's console (issue 15):
 * - `live_sales`: one row per live sale a clerk runs, its room's state (the lot on the block,
 *   its status, online bidding locked, the clerk's message) and `seq`, which grows with every
 *   change so pages keep the newest state;
 * - `live_actions`: every clerk action and accepted online bid in order, with the state before
 *   it (what Undo restores) and the bids it stored; an online bid's idempotency key is unique per
 *   bidder, so a retried press never bids twice;
 * - `bids.paddle`: the paddle number of a room (floor) bid;
 * - the room bidder: the account room bids are stored under (it cannot sign in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_sales (
      auction_type_id bigint PRIMARY KEY REFERENCES auction_types(id) ON DELETE CASCADE,
      seq bigint NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'open', 'fair_warning', 'sold', 'passed', 'paused')),
      paused_from text CHECK (paused_from IN ('waiting', 'open', 'fair_warning', 'sold', 'passed')),
      lot_id bigint REFERENCES items(id) ON DELETE SET NULL,
      online_locked boolean NOT NULL DEFAULT false,
      message text,
      started_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE live_actions (
      id bigserial PRIMARY KEY,
      auction_type_id bigint NOT NULL REFERENCES auction_types(id) ON DELETE CASCADE,
      seq bigint NOT NULL,
      action text NOT NULL,
      lot_id bigint REFERENCES items(id) ON DELETE SET NULL,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      paddle text,
      amount numeric(14,2),
      bid_ids bigint[] NOT NULL DEFAULT '{}',
      before jsonb NOT NULL,
      idempotency_key text,
      undone_at timestamptz,
      created_by bigint REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`CREATE INDEX live_actions_sale_idx ON live_actions (auction_type_id, id DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX live_actions_idempotency_idx ON live_actions (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(db);
  await sql`ALTER TABLE bids ADD COLUMN paddle text`.execute(db);
  await sql`
    INSERT INTO users (name, email, password_hash, is_customer)
    SELECT 'The room', 'room@gavel.invalid', '!', false
    WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = 'room@gavel.invalid')
  `.execute(db);
}

/** Drops the live room's tables and column (room bids stay as bids of the room bidder). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bids DROP COLUMN IF EXISTS paddle`.execute(db);
  await sql`DROP TABLE IF EXISTS live_actions`.execute(db);
  await sql`DROP TABLE IF EXISTS live_sales`.execute(db);
}
