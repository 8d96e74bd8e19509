import { type Kysely, sql } from 'kysely';

/**
 * Advert banners at several widths (issue 17 "Pictures: srcset … the first visit's bytes"):
 * `adverts.image_variants` holds the sizes a banner was stored at, `[{width, webp, avif}]` (URLs
 * under `/uploads/adverts/…`, widest last); null for banners stored before, which have only `image`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE adverts ADD COLUMN image_variants jsonb`.execute(db);
}

/** Removes the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE adverts DROP COLUMN IF EXISTS image_variants`.execute(db);
}
