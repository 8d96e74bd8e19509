import { type Kysely, sql } from 'kysely';

/**
 * Maximum (proxy) bids, increment bands and bid retraction.
 * - `bids.automatic`: a bid the engine placed for a bidder's maximum (shown "auto");
 *   `bids.max_amount`: the maximum the bidder's own bid carried (null: a plain bid). Only the
 *   bidder and operators ever see it.
 * - `maximum_bids`: each bidder's standing maximum on a lot (one row per lot and bidder);
 *   `set_order` is a value of the bids' id sequence taken when it was set, so an earlier maximum
 *   wins a tie against a later one.
 * - `increment_bands`: increment tables; `auction_type_id` null is the global table, else a
 *   sale's own. Without rows the flat `auction_bid_increment` setting stays the one band.
 * - `retracted_bids`: bids an operator retracted, moved out of `bids` with who, when and why
 *   (the lot is recomputed from what remains; the event log keeps the retraction).
 * Source: issue "Bidding engine: maximum (proxy) bids, increment bands, reserve met, retraction".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bids ADD COLUMN automatic boolean NOT NULL DEFAULT false, ADD COLUMN max_amount numeric(14,2)`.execute(db);
  await sql`
    CREATE TABLE maximum_bids (
      item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      max_amount numeric(14,2) NOT NULL CHECK (max_amount > 0),
      set_order bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX maximum_bids_user_idx ON maximum_bids (user_id)`.execute(db);
  await sql`
    CREATE TABLE increment_bands (
      id bigserial PRIMARY KEY,
      auction_type_id bigint REFERENCES auction_types(id) ON DELETE CASCADE,
      from_amount numeric(14,2) NOT NULL CHECK (from_amount >= 0),
      increment numeric(14,2) NOT NULL CHECK (increment >= 1),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX increment_bands_table_from_idx ON increment_bands (coalesce(auction_type_id, 0), from_amount)`.execute(db);
  await sql`
    CREATE TABLE retracted_bids (
      id bigint PRIMARY KEY,
      item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      bid_amount numeric(14,2) NOT NULL,
      automatic boolean NOT NULL,
      max_amount numeric(14,2),
      created_at timestamptz NOT NULL,
      retracted_at timestamptz NOT NULL DEFAULT now(),
      retracted_by bigint REFERENCES users(id) ON DELETE SET NULL,
      reason text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX retracted_bids_item_idx ON retracted_bids (item_id, id)`.execute(db);
}

/** Drops the tables and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS retracted_bids`.execute(db);
  await sql`DROP TABLE IF EXISTS increment_bands`.execute(db);
  await sql`DROP TABLE IF EXISTS maximum_bids`.execute(db);
  await sql`ALTER TABLE bids DROP COLUMN IF EXISTS automatic, DROP COLUMN IF EXISTS max_amount`.execute(db);
}
