import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdvertsTable, Database } from '../db/types.js';

/** The stored fields of an advert that the API shows (and the audit trail records). */
const ADVERT_COLUMNS = ['id', 'image', 'image_variants', 'description', 'link_url', 'date_from', 'date_to', 'active', 'status_id', 'auction_type_id'] as const;

/** An advert row as written: {@link ADVERT_COLUMNS}. */
export type AdvertFields = Pick<Selectable<AdvertsTable>, (typeof ADVERT_COLUMNS)[number]>;

/** An advert row as read: its fields and the linked sale's name and dates (null without a link). */
export type AdvertRow = AdvertFields & { sale_name: string | null; sale_from: Date | null; sale_to: Date | null };

/** Adverts with their linked sale (auction type), every column of {@link AdvertRow}. */
function advertsWithSale(db: Kysely<Database>) {
  return db
    .selectFrom('adverts')
    .leftJoin('auction_types as sale', 'sale.id', 'adverts.auction_type_id')
    .select(ADVERT_COLUMNS.map((c) => `adverts.${c}` as const))
    .select(['sale.name as sale_name', 'sale.date_from as sale_from', 'sale.date_to as sale_to']);
}

/** Every advert, soonest ending first (ties by id). */
export function listAdvertRows(db: Kysely<Database>): Promise<AdvertRow[]> {
  return advertsWithSale(db).orderBy('adverts.date_to', 'asc').orderBy('adverts.id', 'asc').execute();
}

/**
 * Adverts shown now (database clock): active or `status_id` 1, and now within
 * [date_from, date_to]; soonest ending first. Source: spec/shopping.md §9 "Advert shown".
 */
export function listShownAdvertRows(db: Kysely<Database>): Promise<AdvertRow[]> {
  return advertsWithSale(db)
    .where((eb) => eb.or([eb('adverts.active', '=', true), eb('adverts.status_id', '=', 1)]))
    .where('adverts.date_from', '<=', sql<Date>`now()`)
    .where('adverts.date_to', '>=', sql<Date>`now()`)
    .orderBy('adverts.date_to', 'asc')
    .orderBy('adverts.id', 'asc')
    .execute();
}

/** One advert with its sale, or undefined when unknown. */
export function findAdvertRow(db: Kysely<Database>, id: number): Promise<AdvertRow | undefined> {
  return advertsWithSale(db).where('adverts.id', '=', id).executeTakeFirst();
}

/** Locks an advert for a change and answers it (with its sale), or undefined when unknown. Call in a transaction. */
export async function lockAdvert(trx: Kysely<Database>, id: number): Promise<AdvertRow | undefined> {
  const locked = await trx.selectFrom('adverts').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return locked ? findAdvertRow(trx, id) : undefined;
}

/** Whether a sale (auction type) exists, for an advert's link. */
export async function saleExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('auction_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The `image_variants` column's value as written (JSON text), or undefined when not given. */
function variantsColumn(variants: AdvertFields['image_variants'] | undefined): string | null | undefined {
  return variants === undefined ? undefined : variants === null ? null : JSON.stringify(variants);
}

/** Inserts an advert. @returns its id. */
export async function insertAdvert(db: Kysely<Database>, values: Omit<AdvertFields, 'id'>): Promise<number> {
  return (
    await db
      .insertInto('adverts')
      .values({ ...values, image_variants: variantsColumn(values.image_variants) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** Sets the given fields of an advert (and `updated_at`). @returns whether it exists. */
export async function updateAdvertRow(db: Kysely<Database>, id: number, changes: Partial<Omit<AdvertFields, 'id'>>): Promise<boolean> {
  const row = await db
    .updateTable('adverts')
    .set({ ...changes, image_variants: variantsColumn(changes.image_variants), updated_at: sql`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends an advert now: inactive, `status_id` 2, and `date_to` brought forward to now (database
 * clock, never before `date_from`) when later. @returns whether it exists.
 */
export async function markAdvertEnded(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db
    .updateTable('adverts')
    .set({ active: false, status_id: 2, date_to: sql`least(date_to, greatest(date_from, now()))`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
