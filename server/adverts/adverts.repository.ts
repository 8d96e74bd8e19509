import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdvertsTable, Database } from '../db/types.js';

/** The stored fields of an advert that the API shows (and the audit trail records). */
const ADVERT_COLUMNS = ['id', 'image', 'description', 'link_url', 'date_from', 'date_to', 'active', 'status_id'] as const;

/** An advert row as read: {@link ADVERT_COLUMNS}. */
export type AdvertRow = Pick<Selectable<AdvertsTable>, (typeof ADVERT_COLUMNS)[number]>;

/** Every advert, soonest ending first (ties by id). */
export function listAdvertRows(db: Kysely<Database>): Promise<AdvertRow[]> {
  return db.selectFrom('adverts').select(ADVERT_COLUMNS).orderBy('date_to', 'asc').orderBy('id', 'asc').execute();
}

/**
 * Adverts shown now (database clock): active or `status_id` 1, and now within
 * [date_from, date_to]; soonest ending first. Source: spec/shopping.md §9 "Advert shown".
 */
export function listShownAdvertRows(db: Kysely<Database>): Promise<AdvertRow[]> {
  return db
    .selectFrom('adverts')
    .select(ADVERT_COLUMNS)
    .where((eb) => eb.or([eb('active', '=', true), eb('status_id', '=', 1)]))
    .where('date_from', '<=', sql<Date>`now()`)
    .where('date_to', '>=', sql<Date>`now()`)
    .orderBy('date_to', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Locks an advert for a change and answers it, or undefined when unknown. Call in a transaction. */
export function lockAdvert(trx: Kysely<Database>, id: number): Promise<AdvertRow | undefined> {
  return trx.selectFrom('adverts').select(ADVERT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Inserts an advert. @returns the stored row. */
export function insertAdvert(db: Kysely<Database>, values: Omit<AdvertRow, 'id'>): Promise<AdvertRow> {
  return db.insertInto('adverts').values(values).returning(ADVERT_COLUMNS).executeTakeFirstOrThrow();
}

/** Sets the given fields of an advert (and `updated_at`). @returns the stored row, or undefined when unknown. */
export function updateAdvertRow(db: Kysely<Database>, id: number, changes: Partial<Omit<AdvertRow, 'id'>>): Promise<AdvertRow | undefined> {
  return db
    .updateTable('adverts')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(ADVERT_COLUMNS)
    .executeTakeFirst();
}

/**
 * Ends an advert now: inactive, `status_id` 2, and `date_to` brought forward to now (database
 * clock, never before `date_from`) when later. @returns the stored row, or undefined when unknown.
 */
export function markAdvertEnded(db: Kysely<Database>, id: number): Promise<AdvertRow | undefined> {
  return db
    .updateTable('adverts')
    .set({ active: false, status_id: 2, date_to: sql`least(date_to, greatest(date_from, now()))`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(ADVERT_COLUMNS)
    .executeTakeFirst();
}
