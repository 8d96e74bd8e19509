import { type Kysely, sql } from 'kysely';

/**
 * Sales (issue 13 "Sales"): the spec's auction type becomes the sale an auctioneer runs.
 * `auction_types` gains its branch, terms, registration with a deposit (`deposit_required`,
 * `deposit_amount`; live sales always needed a registration, so they start with it required),
 * the buyer's premium percent, its own soft-close minutes (null: the site setting), the seconds
 * between the closes of its lots (`stagger_seconds`, online sales; null: each lot keeps its own
 * end), and `published_at` (null: a draft, hidden from bidders). Sales that exist already stay
 * published.
 * `items.lot_number` orders a sale's lots (1, 2, 3 …). A lot that arrives in a sale without a
 * number (created, imported, moved from another sale) takes the number after the sale's last
 * from a trigger, so every way a lot is written keeps the numbering; additions to one sale take
 * turns (an advisory lock per sale, to the commit). A number left by a lot that went elsewhere
 * is not filled until the lots are put in order again (1 to n).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE auction_types
      ADD COLUMN branch_id bigint REFERENCES branches(id) ON DELETE SET NULL,
      ADD COLUMN terms text,
      ADD COLUMN deposit_required boolean NOT NULL DEFAULT false,
      ADD COLUMN deposit_amount numeric(14,2) CHECK (deposit_amount >= 0),
      ADD COLUMN buyers_premium_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (buyers_premium_percent >= 0 AND buyers_premium_percent <= 100),
      ADD COLUMN soft_close_minutes integer CHECK (soft_close_minutes >= 0 AND soft_close_minutes <= 1440),
      ADD COLUMN stagger_seconds integer CHECK (stagger_seconds >= 0 AND stagger_seconds <= 86400),
      ADD COLUMN published_at timestamptz DEFAULT now(),
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`UPDATE auction_types SET published_at = created_at, deposit_required = (type = 'live')`.execute(db);

  await sql`ALTER TABLE items ADD COLUMN lot_number integer CHECK (lot_number > 0)`.execute(db);
  await sql`
    UPDATE items SET lot_number = n.rn
    FROM (SELECT id, row_number() OVER (PARTITION BY auction_type_id ORDER BY date_to NULLS LAST, id) AS rn FROM items) n
    WHERE items.id = n.id`.execute(db);
  await sql`CREATE INDEX items_sale_lot_idx ON items (auction_type_id, lot_number)`.execute(db);
  // The sale's last number is read once per transaction (under the sale's advisory lock, held to
  // the commit, so additions to one sale take turns), then kept in a transaction-local setting:
  // a bulk insert costs no more per row than one, whatever the sale's size.
  await sql`
    CREATE FUNCTION items_number_lot() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      key text := 'gavel.last_lot_' || NEW.auction_type_id;
      last integer;
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.auction_type_id = OLD.auction_type_id THEN RETURN NEW; END IF;
      -- Moved to another sale without a number of its own there: it takes the next one.
      IF TG_OP = 'UPDATE' AND NEW.lot_number IS NOT DISTINCT FROM OLD.lot_number THEN NEW.lot_number := NULL; END IF;
      last := nullif(current_setting(key, true), '')::integer;
      IF last IS NULL THEN
        PERFORM pg_advisory_xact_lock(1300, NEW.auction_type_id::int);
        SELECT coalesce(max(lot_number), 0) INTO last FROM items WHERE auction_type_id = NEW.auction_type_id;
      END IF;
      IF NEW.lot_number IS NULL THEN
        last := last + 1;
        NEW.lot_number := last;
      ELSE
        last := greatest(last, NEW.lot_number);
      END IF;
      PERFORM set_config(key, last::text, true);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER items_number_lot BEFORE INSERT OR UPDATE OF auction_type_id ON items
    FOR EACH ROW EXECUTE FUNCTION items_number_lot()`.execute(db);
}

/** Drops the sale fields, lot numbers and their trigger. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS items_number_lot ON items`.execute(db);
  await sql`DROP FUNCTION IF EXISTS items_number_lot()`.execute(db);
  await sql`DROP INDEX IF EXISTS items_sale_lot_idx`.execute(db);
  await sql`ALTER TABLE items DROP COLUMN IF EXISTS lot_number`.execute(db);
  await sql`
    ALTER TABLE auction_types
      DROP COLUMN IF EXISTS branch_id, DROP COLUMN IF EXISTS terms, DROP COLUMN IF EXISTS deposit_required,
      DROP COLUMN IF EXISTS deposit_amount, DROP COLUMN IF EXISTS buyers_premium_percent, DROP COLUMN IF EXISTS soft_close_minutes,
      DROP COLUMN IF EXISTS stagger_seconds, DROP COLUMN IF EXISTS published_at, DROP COLUMN IF EXISTS updated_at`.execute(db);
}
