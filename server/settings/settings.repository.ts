import type { Kysely } from 'kysely';
import { normaliseIncrement } from '@shared/rules/bidding.js';
import type { Database } from '../db/types.js';

/** Reads one setting's JSON value, or `fallback` when it is missing. */
export async function getSetting<T>(db: Kysely<Database>, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (row.value as T) : fallback;
}

/** Writes one setting (JSON-encoded). */
export async function putSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }))
    .execute();
}

/** The bid increment in MWK: setting `auction_bid_increment`, minimum 1, default 1. Source: spec/shopping.md §5. */
export async function getBidIncrement(db: Kysely<Database>): Promise<number> {
  return normaliseIncrement(await getSetting<unknown>(db, 'auction_bid_increment', 1));
}
