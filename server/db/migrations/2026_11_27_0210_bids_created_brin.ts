import { type Kysely, sql } from 'kysely';

/**
 * The operator's home counts bids of the last hour, minute by minute (issue 13 "An operator's
 * home"). Bids are appended in time order, so a BRIN index on `created_at` finds the last hour's
 * rows for almost nothing, and costs the bid path next to nothing to keep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX bids_created_brin ON bids USING brin (created_at)`.execute(db);
}

/** Drops the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS bids_created_brin`.execute(db);
}
