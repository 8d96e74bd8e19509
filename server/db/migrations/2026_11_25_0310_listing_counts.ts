import { type Kysely, sql } from 'kysely';

/**
 * `item_counts`: how many lots there are per auction type and status, kept by triggers on
 * `items`, so the listing's tab counts and `total` for the unfiltered catalogue (the landing
 * page, a category, a sale) are read from a few rows instead of counting a million.
 * Inserts and deletes are counted once per statement (transition tables: a bulk insert adds one
 * delta per type and status); an update is counted only when it changes `status` or
 * `auction_type_id` (bids, which change neither, never touch the counters). A change waits only
 * for another change of the same type and status until commit. Source: issue 21.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE item_counts (
      auction_type_id bigint NOT NULL,
      status text NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (auction_type_id, status)
    )`.execute(db);
  await sql`
    CREATE FUNCTION item_counts_add(p_type bigint, p_status text, p_delta bigint) RETURNS void LANGUAGE sql AS $$
      INSERT INTO item_counts AS c (auction_type_id, status, n) VALUES (p_type, p_status, p_delta)
      ON CONFLICT (auction_type_id, status) DO UPDATE SET n = c.n + excluded.n
    $$`.execute(db);
  await sql`
    CREATE FUNCTION item_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM item_counts_add(auction_type_id, status, count(*)) FROM new_rows GROUP BY auction_type_id, status;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION item_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM item_counts_add(auction_type_id, status, -count(*)) FROM old_rows GROUP BY auction_type_id, status;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION item_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM item_counts_add(OLD.auction_type_id, OLD.status, -1);
      PERFORM item_counts_add(NEW.auction_type_id, NEW.status, 1);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER item_counts_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION item_counts_inserted()`.execute(db);
  await sql`
    CREATE TRIGGER item_counts_delete AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION item_counts_deleted()`.execute(db);
  await sql`
    CREATE TRIGGER item_counts_update AFTER UPDATE OF status, auction_type_id ON items FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.auction_type_id IS DISTINCT FROM NEW.auction_type_id)
    EXECUTE FUNCTION item_counts_updated()`.execute(db);
  // Taken after the triggers exist, under a lock that keeps writers out until commit.
  await sql`LOCK TABLE items IN SHARE MODE`.execute(db);
  await sql`INSERT INTO item_counts (auction_type_id, status, n) SELECT auction_type_id, status, count(*) FROM items GROUP BY 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS item_counts_insert ON items`.execute(db);
  await sql`DROP TRIGGER IF EXISTS item_counts_delete ON items`.execute(db);
  await sql`DROP TRIGGER IF EXISTS item_counts_update ON items`.execute(db);
  await sql`DROP FUNCTION IF EXISTS item_counts_inserted(), item_counts_deleted(), item_counts_updated(), item_counts_add(bigint, text, bigint)`.execute(db);
  await sql`DROP TABLE IF EXISTS item_counts`.execute(db);
}
