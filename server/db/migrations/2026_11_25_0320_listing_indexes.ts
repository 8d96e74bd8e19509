import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the listing's filters at catalogue scale (measured with `npm run bench:listing`):
 * - `items_sold_search_idx`: the words of sold lots only (partial GIN), so a past-sales search
 *   ("sold lots matching 'toyota hilux'") reads the sold matches, not every lot that matches;
 * - `items_featured_price_idx`: featured lots by price (partial), for the featured filter in any
 *   price order and its count.
 * The predicates are the listing's own (`statuses[]=sold`, `featured_only=1`), so the planner
 * can use them. Source: issue 21.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX items_sold_search_idx ON items USING gin (search_vector) WHERE closed_by IS NOT NULL OR status = 'sold'`.execute(db);
  await sql`CREATE INDEX items_featured_price_idx ON items ((coalesce(bid_amount, target_amount)) DESC, id DESC) WHERE featured`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS items_sold_search_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS items_featured_price_idx`.execute(db);
}
