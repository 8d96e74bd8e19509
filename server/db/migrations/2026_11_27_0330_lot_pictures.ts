import { type Kysely, sql } from 'kysely';

/**
 * Lots managed from the back office (issue 13 "Lots"):
 * - `item_media.variants`: the sizes a picture was stored at, `[{width, webp, avif}]` (URLs under
 *   `/uploads/items/…`, widest last); null for pictures stored before (the seed's), which have
 *   only `url` and `original_url`. `width` and `height` of the stored original (null: unknown).
 *   A lot's cover is its picture at position 0.
 * - `items.withdrawn_reason`: why an operator withdrew the lot (null otherwise); the audit trail
 *   keeps the event too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE item_media ADD COLUMN variants jsonb, ADD COLUMN width integer, ADD COLUMN height integer`.execute(db);
  await sql`ALTER TABLE items ADD COLUMN withdrawn_reason text`.execute(db);
}

/** Removes the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE items DROP COLUMN IF EXISTS withdrawn_reason`.execute(db);
  await sql`ALTER TABLE item_media DROP COLUMN IF EXISTS variants, DROP COLUMN IF EXISTS width, DROP COLUMN IF EXISTS height`.execute(db);
}
