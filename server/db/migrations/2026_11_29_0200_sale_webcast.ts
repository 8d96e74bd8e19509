import { type Kysely, sql } from 'kysely';

/** A live sale's webcast (issue 15): an HLS stream (`.m3u8`) or an embeddable player's URL, shown above the lot in the live room; null for none. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auction_types ADD COLUMN webcast_url text CHECK (webcast_url IS NULL OR webcast_url ~ '^https?://')`.execute(db);
}

/** Drops the webcast column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auction_types DROP COLUMN IF EXISTS webcast_url`.execute(db);
}
