import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { AdminLotsQuery } from '@shared/schemas/lot.schema.js';
import type { Database, ItemsTable, MediaVariant } from '../db/types.js';
import { toPrefixTsQuery } from '../items/items.repository.js';

/** A lot's picture row as the back office reads it. */
export interface LotImageRow {
  id: number;
  item_id: number;
  url: string;
  original_url: string;
  position: number;
  width: number | null;
  height: number | null;
  variants: MediaVariant[] | null;
}

/** A lot row with its sale and branch, as the back office reads it (no pictures). */
export interface LotRow {
  id: number;
  name: string;
  title: string | null;
  description: string | null;
  auction_type_id: number;
  sale_name: string;
  sale_kind: 'cash' | 'online' | 'live';
  sale_published: boolean;
  branch_id: number | null;
  branch_name: string | null;
  code: string | null;
  reference_number: string | null;
  target_amount: number;
  reserve_price: number | null;
  quantity: number;
  condition: string | null;
  featured: boolean;
  date_from: Date | null;
  date_to: Date | null;
  status: 'available' | 'sold' | 'unsold' | 'withdrawn';
  closed_by: number | null;
  withdrawn_reason: string | null;
  lot_number: number | null;
  bid_amount: number | null;
  bid_count: number;
  leader_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** What a lot's row is written from. */
export type LotValues = Omit<Insertable<ItemsTable>, 'id' | 'created_at' | 'updated_at' | 'search_vector'>;

type LotsEb = ExpressionBuilder<Database & { s: Database['auction_types']; b: Database['branches'] }, 'items' | 's' | 'b'>;

/** Lots with their sale and branch: every column of {@link LotRow}. */
function lotsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('items')
    .innerJoin('auction_types as s', 's.id', 'items.auction_type_id')
    .leftJoin('branches as b', 'b.id', 'items.branch_id')
    .select([
      'items.id',
      'items.name',
      'items.title',
      'items.description',
      'items.auction_type_id',
      's.name as sale_name',
      's.type as sale_kind',
      sql<boolean>`s.published_at IS NOT NULL`.as('sale_published'),
      'items.branch_id',
      'b.name as branch_name',
      'items.code',
      'items.reference_number',
      'items.target_amount',
      'items.reserve_price',
      'items.quantity',
      'items.condition',
      'items.featured',
      'items.date_from',
      'items.date_to',
      'items.status',
      'items.closed_by',
      'items.withdrawn_reason',
      'items.lot_number',
      'items.bid_amount',
      'items.bid_count',
      'items.leader_id',
      'items.created_at',
      'items.updated_at',
    ]);
}

/** One lot with its sale and branch, or undefined. */
export function findLotRow(db: Kysely<Database>, id: number): Promise<LotRow | undefined> {
  return lotsQuery(db).where('items.id', '=', id).executeTakeFirst();
}

/** Locks a lot's row (FOR UPDATE) and answers it with its sale and branch, or undefined. Call in a transaction. */
export async function lockLot(trx: Kysely<Database>, id: number): Promise<LotRow | undefined> {
  const locked = await trx.selectFrom('items').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return locked ? findLotRow(trx, id) : undefined;
}

/** Locks lots (FOR UPDATE, in id order like the bid batches) and answers those found, in id order. */
export async function lockLots(trx: Kysely<Database>, ids: readonly number[]): Promise<LotRow[]> {
  if (ids.length === 0) return [];
  const found = await trx
    .selectFrom('items')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
  if (found.length === 0) return [];
  return lotsQuery(trx)
    .where(
      'items.id',
      'in',
      found.map((r) => r.id),
    )
    .orderBy('items.id')
    .execute();
}

/** The filters of `/api/admin/lots` as SQL (every status unless one is chosen). */
function adminFilters(q: AdminLotsQuery) {
  return (eb: LotsEb): Expression<SqlBool> => {
    const all: Expression<SqlBool>[] = [];
    const tsq = q.search ? toPrefixTsQuery(q.search) : null;
    if (tsq) all.push(sql<SqlBool>`items.search_vector @@ to_tsquery('simple', ${tsq})`);
    if (q.auction_type_id) all.push(eb('items.auction_type_id', '=', q.auction_type_id));
    if (q.kind) all.push(eb('s.type', '=', q.kind));
    if (q.branch_id) all.push(eb('items.branch_id', '=', q.branch_id));
    if (q.status === 'open') all.push(eb.and([eb('items.status', '=', 'available'), eb('items.closed_by', 'is', null)]));
    else if (q.status === 'closed') all.push(eb.and([eb('items.status', '=', 'available'), eb('items.closed_by', 'is not', null)]));
    else if (q.status) all.push(eb('items.status', '=', q.status));
    if (q.has_pictures !== undefined) {
      const has = eb.exists(eb.selectFrom('item_media as m').select('m.id').whereRef('m.item_id', '=', 'items.id'));
      all.push(q.has_pictures ? has : eb.not(has));
    }
    return eb.and(all);
  };
}

/** One page of lots for `/admin/lots`, newest first, and how many match. */
export async function pageLotRows(db: Kysely<Database>, q: AdminLotsQuery): Promise<{ rows: LotRow[]; total: number }> {
  const filters = adminFilters(q);
  const [rows, count] = await Promise.all([
    lotsQuery(db)
      .where(filters)
      .orderBy('items.created_at', 'desc')
      .orderBy('items.id', 'desc')
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute(),
    db
      .selectFrom('items')
      .innerJoin('auction_types as s', 's.id', 'items.auction_type_id')
      .leftJoin('branches as b', 'b.id', 'items.branch_id')
      .where(filters)
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The pictures of the given lots, by lot, each lot's in order (cover first). */
export async function listLotImages(db: Kysely<Database>, itemIds: readonly number[]): Promise<Map<number, LotImageRow[]>> {
  const out = new Map<number, LotImageRow[]>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom('item_media')
    .select(['id', 'item_id', 'url', 'original_url', 'position', 'width', 'height', 'variants'])
    .where('item_id', 'in', [...new Set(itemIds)])
    .orderBy('item_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.item_id) ?? [];
    list.push(r);
    out.set(r.item_id, list);
  }
  return out;
}

/** Inserts a lot. @returns its id. */
export async function insertLot(db: Kysely<Database>, values: LotValues): Promise<number> {
  return (await db.insertInto('items').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Writes the given fields of a lot (and `updated_at`). */
export async function updateLotRow(db: Kysely<Database>, id: number, values: Updateable<ItemsTable>): Promise<void> {
  await db
    .updateTable('items')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The sale (auction type) a lot may be put in: its id, name, kind, dates and whether published, or undefined. */
export function findSaleForLot(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('auction_types')
    .select(['id', 'name', 'type', 'date_from', 'date_to', sql<boolean>`published_at IS NOT NULL`.as('published')])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Another lot carrying `code` (any case), or undefined. */
export function findLotByCode(db: Kysely<Database>, code: string, exceptId: number | null) {
  let q = db
    .selectFrom('items')
    .select(['id', 'name'])
    .where(sql<SqlBool>`lower(code) = lower(${code})`);
  if (exceptId != null) q = q.where('id', '!=', exceptId);
  return q.limit(1).executeTakeFirst();
}

/** What a picture row is written from. */
export interface LotImageValues {
  url: string;
  original_url: string;
  width: number | null;
  height: number | null;
  variants: MediaVariant[] | null;
}

/** Adds pictures after a lot's last one (in the given order). @returns their ids. */
export async function insertLotImages(db: Kysely<Database>, itemId: number, images: readonly LotImageValues[]): Promise<number[]> {
  if (images.length === 0) return [];
  const last = await db
    .selectFrom('item_media')
    .select(sql<number | null>`max(position)`.as('p'))
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  const start = last?.p == null ? 0 : Number(last.p) + 1;
  const rows = await db
    .insertInto('item_media')
    .values(
      images.map((img, i) => ({
        item_id: itemId,
        url: img.url,
        original_url: img.original_url,
        position: start + i,
        width: img.width,
        height: img.height,
        variants: img.variants ? JSON.stringify(img.variants) : null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Gives a lot's pictures their positions (`ids[0]` becomes 0, the cover), in one statement. */
export async function setImagePositions(trx: Kysely<Database>, itemId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    UPDATE item_media SET position = u.n - 1
    FROM unnest(${[...ids]}::bigint[]) WITH ORDINALITY AS u(id, n)
    WHERE item_media.id = u.id AND item_media.item_id = ${itemId}`.execute(trx);
}

/** Deletes one picture of a lot. @returns the deleted row, or undefined when the lot has no such picture. */
export function deleteLotImage(trx: Kysely<Database>, itemId: number, imageId: number): Promise<LotImageRow | undefined> {
  return trx
    .deleteFrom('item_media')
    .where('id', '=', imageId)
    .where('item_id', '=', itemId)
    .returning(['id', 'item_id', 'url', 'original_url', 'position', 'width', 'height', 'variants'])
    .executeTakeFirst();
}

/** Copies every picture row of `fromId` to `toId` (the files are shared), in order. */
export async function copyLotImages(trx: Kysely<Database>, fromId: number, toId: number): Promise<void> {
  await sql`
    INSERT INTO item_media (item_id, url, original_url, position, width, height, variants)
    SELECT ${toId}, url, original_url, position, width, height, variants FROM item_media WHERE item_id = ${fromId} ORDER BY position, id`.execute(trx);
}

/** Whether any other picture row still points at `url` (a duplicated or relisted lot shares its files). */
export async function imageUrlInUse(db: Kysely<Database>, originalUrl: string): Promise<boolean> {
  return (await db.selectFrom('item_media').select('id').where('original_url', '=', originalUrl).limit(1).executeTakeFirst()) !== undefined;
}
