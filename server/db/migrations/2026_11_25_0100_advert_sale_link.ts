import { type Kysely, sql } from 'kysely';

/**
 * An advert may announce one sale (auction type): `adverts.auction_type_id`, nullable. A linked
 * advert's countdown runs to that sale's start (its end once live) and its button opens that
 * sale's registration; without a link the spec's countdown to the advert's own end stays.
 * Deleting the sale unlinks its adverts. Source: issue 20 item 4.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE adverts ADD COLUMN auction_type_id bigint REFERENCES auction_types(id) ON DELETE SET NULL`.execute(db);
}

/** Removes the link. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE adverts DROP COLUMN IF EXISTS auction_type_id`.execute(db);
}
