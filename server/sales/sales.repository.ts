import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { AuctionTypesTable, Database } from '../db/types.js';

/** A sale (auction type) row with its branch's name (null without a branch). */
export type SaleRow = Selectable<AuctionTypesTable> & { branch_name: string | null };

/** What a sale's row is written from. */
export type SaleValues = Omit<Insertable<AuctionTypesTable>, 'id' | 'created_at' | 'updated_at'>;

/** Sales with their branch's name: every column of {@link SaleRow}. */
function salesWithBranch(db: Kysely<Database>) {
  return db.selectFrom('auction_types as s').leftJoin('branches as b', 'b.id', 's.branch_id').selectAll('s').select('b.name as branch_name');
}

/** One sale with its branch, or undefined when unknown. */
export function findSaleRow(db: Kysely<Database>, id: number): Promise<SaleRow | undefined> {
  return salesWithBranch(db).where('s.id', '=', id).executeTakeFirst();
}

/** Locks a sale's row for a change (FOR UPDATE) and answers it with its branch, or undefined. Call in a transaction. */
export async function lockSale(trx: Kysely<Database>, id: number): Promise<SaleRow | undefined> {
  const locked = await trx.selectFrom('auction_types').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return locked ? findSaleRow(trx, id) : undefined;
}

/**
 * Sales, newest first (drafts and published; every kind unless `kind`), optionally only drafts
 * or published ones, and those whose name contains `search` (any case).
 */
export function listSaleRows(db: Kysely<Database>, filters: { kind?: 'cash' | 'online' | 'live'; status?: 'draft' | 'published'; search?: string }) {
  let q = salesWithBranch(db).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
  if (filters.kind) q = q.where('s.type', '=', filters.kind);
  if (filters.status === 'draft') q = q.where('s.published_at', 'is', null);
  if (filters.status === 'published') q = q.where('s.published_at', 'is not', null);
  if (filters.search) q = q.where('s.name', 'ilike', `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return q.execute();
}

/** Inserts a sale. @returns its id. */
export async function insertSale(db: Kysely<Database>, values: SaleValues): Promise<number> {
  return (await db.insertInto('auction_types').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Writes the given fields of a sale (and `updated_at`). */
export async function updateSaleRow(db: Kysely<Database>, id: number, values: Updateable<AuctionTypesTable>): Promise<void> {
  await db
    .updateTable('auction_types')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Publishes a draft sale now (database clock). @returns false when it was already published. */
export async function markSalePublished(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db
    .updateTable('auction_types')
    .set({ published_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether a branch exists. */
export async function branchExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('branches').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The database clock. */
export async function databaseNow(db: Kysely<Database>): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  return new Date(rows[0].now);
}

/** A sale's figures as stored: lots by status, bids, hammer total, registrations, the last lot's end. */
export interface SaleFigureRow {
  sale_id: number;
  lots: number;
  open: number;
  sold: number;
  unsold: number;
  withdrawn: number;
  bids: number;
  hammer_total: number;
  registrations_pending: number;
  registrations_active: number;
  last_close_at: Date | null;
}

/**
 * The figures of the given sales (a row for each, zeros for a sale without lots): lots by status
 * (open: available and not closed), bids placed, the sum of sold lots' prices, pending and
 * approved registrations, and the latest end of its lots.
 */
export async function listSaleFigures(db: Kysely<Database>, saleIds: number[]): Promise<Map<number, SaleFigureRow>> {
  if (saleIds.length === 0) return new Map();
  const { rows } = await sql<SaleFigureRow>`
    SELECT s.id AS sale_id,
      coalesce(l.lots, 0)::int AS lots, coalesce(l.open, 0)::int AS open, coalesce(l.sold, 0)::int AS sold,
      coalesce(l.unsold, 0)::int AS unsold, coalesce(l.withdrawn, 0)::int AS withdrawn, coalesce(l.bids, 0)::int AS bids,
      coalesce(l.hammer_total, 0) AS hammer_total, l.last_close_at,
      coalesce(r.pending, 0)::int AS registrations_pending, coalesce(r.active, 0)::int AS registrations_active
    FROM unnest(${saleIds}::bigint[]) AS s(id)
    LEFT JOIN LATERAL (
      SELECT count(*) AS lots,
        count(*) FILTER (WHERE i.status = 'available' AND i.closed_by IS NULL) AS open,
        count(*) FILTER (WHERE i.status = 'sold') AS sold,
        count(*) FILTER (WHERE i.status = 'unsold') AS unsold,
        count(*) FILTER (WHERE i.status = 'withdrawn') AS withdrawn,
        sum(i.bid_count) AS bids,
        sum(i.bid_amount) FILTER (WHERE i.status = 'sold') AS hammer_total,
        max(i.date_to) FILTER (WHERE i.status <> 'withdrawn') AS last_close_at
      FROM items i WHERE i.auction_type_id = s.id
    ) l ON true
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE a.status = 'pending') AS pending, count(*) FILTER (WHERE a.status = 'active') AS active
      FROM auction_subscriptions a WHERE a.auction_type_id = s.id
    ) r ON true`.execute(db);
  return new Map(
    rows.map((r) => [
      Number(r.sale_id),
      { ...r, sale_id: Number(r.sale_id), hammer_total: Number(r.hammer_total), last_close_at: r.last_close_at ? new Date(r.last_close_at) : null },
    ]),
  );
}

/** A lot as a sale's page lists it (operators). */
export interface SaleLotRow {
  id: number;
  lot_number: number | null;
  name: string;
  code: string | null;
  status: string;
  closed_by: number | null;
  date_to: Date | null;
  target_amount: number;
  bid_amount: number | null;
  bid_count: number;
  image: string | null;
}

/** Every lot of a sale (withdrawn and closed ones too) in lot order (numberless last, by id), with its first picture. */
export function listSaleLotRows(db: Kysely<Database>, saleId: number): Promise<SaleLotRow[]> {
  return db
    .selectFrom('items')
    .select([
      'items.id',
      'items.lot_number',
      'items.name',
      'items.code',
      'items.status',
      'items.closed_by',
      'items.date_to',
      'items.target_amount',
      'items.bid_amount',
      'items.bid_count',
      (eb) =>
        eb.selectFrom('item_media as m').select('m.url').whereRef('m.item_id', '=', 'items.id').orderBy('m.position').orderBy('m.id').limit(1).as('image'),
    ])
    .where('items.auction_type_id', '=', saleId)
    .orderBy(sql`items.lot_number ASC NULLS LAST`)
    .orderBy('items.id')
    .execute();
}

/** A sale's lot as its close scheduling sees it (locked). */
export interface LockedSaleLot {
  id: number;
  lot_number: number | null;
  date_to: Date | null;
  /** Available and not closed: its end may still move. */
  open: boolean;
}

/**
 * Locks every lot of a sale (FOR UPDATE, in id order like the bid batches, so neither waits on
 * the other in a circle) and answers them in lot order (numberless last, by id).
 */
export async function lockSaleLots(trx: Kysely<Database>, saleId: number): Promise<LockedSaleLot[]> {
  const rows = await trx
    .selectFrom('items')
    .select(['id', 'lot_number', 'date_to', sql<boolean>`status = 'available' AND closed_by IS NULL`.as('open')])
    .where('auction_type_id', '=', saleId)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.sort((a, b) => (a.lot_number ?? Number.MAX_SAFE_INTEGER) - (b.lot_number ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
}

/** Gives lots their numbers (`ids[0]` becomes lot 1, and so on), in one statement. */
export async function setLotNumbers(trx: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    UPDATE items SET lot_number = u.n, updated_at = now()
    FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS u(id, n)
    WHERE items.id = u.id AND items.lot_number IS DISTINCT FROM u.n`.execute(trx);
}

/**
 * Takes the sale's lot-numbering lock (the advisory lock the numbering trigger of migration
 * 2026_11_26_0200 takes when a lot arrives), to the commit: no lot arrives while the sale's lots
 * are renumbered. Take it before the sale's row, as adding a lot does.
 */
export async function lockLotNumbering(trx: Kysely<Database>, saleId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(1300, ${saleId}::int)`.execute(trx);
}

/** Sets lots' end times, in one statement. */
export async function setLotCloses(trx: Kysely<Database>, closes: { id: number; date_to: Date }[]): Promise<void> {
  if (closes.length === 0) return;
  await sql`
    UPDATE items SET date_to = u.date_to, updated_at = now()
    FROM unnest(${closes.map((c) => c.id)}::bigint[], ${closes.map((c) => c.date_to.toISOString())}::timestamptz[]) AS u(id, date_to)
    WHERE items.id = u.id`.execute(trx);
}

/**
 * One page of a sale's lots for bidders (withdrawn lots left out), in lot order: their ids and
 * how many there are.
 */
export async function pageSaleLotIds(db: Kysely<Database>, saleId: number, page: { offset: number; limit: number }): Promise<{ ids: number[]; total: number }> {
  const base = db.selectFrom('items').where('auction_type_id', '=', saleId).where('status', '!=', 'withdrawn');
  const [rows, count] = await Promise.all([
    base
      .select('id')
      .orderBy(sql`lot_number ASC NULLS LAST`)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}
