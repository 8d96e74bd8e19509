import type { Kysely } from 'kysely';
import type { AdminSalesQuery, PublicSale, SaleDetail, SaleFigures, SaleLot, SaleLotsPage, SaleView } from '@shared/schemas/sale.schema.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { pageInfo } from '../http/pagination.js';
import { findItemsByIds } from '../items/items.repository.js';
import {
  findSaleRow,
  listSaleFigures,
  listSaleLotRows,
  listSaleRows,
  pageSaleLotIds,
  type SaleFigureRow,
  type SaleLotRow,
  type SaleRow,
} from './sales.repository.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The message of an unknown sale (and of a draft, to bidders). */
export const SALE_NOT_FOUND = 'Sale not found';

const NO_FIGURES: Omit<SaleFigureRow, 'sale_id'> = {
  lots: 0,
  open: 0,
  sold: 0,
  unsold: 0,
  withdrawn: 0,
  bids: 0,
  hammer_total: 0,
  registrations_pending: 0,
  registrations_active: 0,
  last_close_at: null,
};

/** A sale's fields as bidders read them (no figures). A live sale always asks a registration with a deposit. */
export function saleRowToPublic(row: SaleRow, lotCount: number): PublicSale {
  return {
    id: row.id,
    name: row.name,
    kind: row.type,
    branch: row.branch_id != null && row.branch_name ? { id: row.branch_id, name: row.branch_name } : null,
    description: row.description,
    terms: row.terms,
    webcast_url: row.webcast_url ?? null,
    date_from: iso(row.date_from),
    date_to: iso(row.date_to),
    deposit_required: row.deposit_required || row.type === 'live',
    deposit_amount: row.deposit_amount,
    buyers_premium_percent: Number(row.buyers_premium_percent),
    soft_close_minutes: row.soft_close_minutes,
    stagger_seconds: row.stagger_seconds,
    lot_count: lotCount,
  };
}

/** A sale as operators read it: every field, draft or published, and its figures. */
export function saleRowToView(row: SaleRow, figures: Omit<SaleFigureRow, 'sale_id'> = NO_FIGURES): SaleView {
  const { lot_count: _count, ...fields } = saleRowToPublic(row, figures.lots);
  const { last_close_at, sale_id: _id, ...counts } = { sale_id: row.id, ...figures };
  const saleFigures: SaleFigures = counts;
  return {
    ...fields,
    status: row.published_at ? 'published' : 'draft',
    published_at: iso(row.published_at),
    active: row.active,
    branch_id: row.branch_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_close_at: iso(last_close_at),
    figures: saleFigures,
  };
}

/** A lot row as a sale's page shows it. */
export function saleLotRowToLot(row: SaleLotRow): SaleLot {
  return {
    id: row.id,
    lot_number: row.lot_number,
    name: row.name,
    code: row.code,
    status: row.status,
    closed: row.closed_by != null || row.status !== 'available',
    date_to: iso(row.date_to),
    target_amount: row.target_amount,
    bid_amount: row.bid_amount,
    bid_count: row.bid_count,
    image: row.image,
  };
}

/** `/admin/sales`: the sales that match, newest first, each with its figures. */
export async function listSales(db: Kysely<Database>, query: AdminSalesQuery): Promise<SaleView[]> {
  const rows = await listSaleRows(db, query);
  const figures = await listSaleFigures(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => saleRowToView(r, figures.get(r.id)));
}

/** One sale as operators read it. @throws AppError 404 'Sale not found'. */
export async function getSaleView(db: Kysely<Database>, id: number): Promise<SaleView> {
  const row = await findSaleRow(db, id);
  if (!row) throw AppError.notFound(SALE_NOT_FOUND);
  return saleRowToView(row, (await listSaleFigures(db, [id])).get(id));
}

/** A sale and every one of its lots in lot order (operators). @throws AppError 404 'Sale not found'. */
export async function getSaleDetail(db: Kysely<Database>, id: number): Promise<SaleDetail> {
  const [data, lots] = await Promise.all([getSaleView(db, id), listSaleLotRows(db, id)]);
  return { data, lots: lots.map(saleLotRowToLot) };
}

/**
 * A sale as bidders see it, with its number of lots (withdrawn ones left out). A draft is not
 * found, except for operators (`includeDraft`), who preview it.
 * @throws AppError 404 'Sale not found'.
 */
export async function getPublicSale(db: Kysely<Database>, id: number, opts: { includeDraft?: boolean } = {}): Promise<PublicSale> {
  const row = await findSaleRow(db, id);
  if (!row || (!row.published_at && !opts.includeDraft)) throw AppError.notFound(SALE_NOT_FOUND);
  const { total } = await pageSaleLotIds(db, id, { offset: 0, limit: 0 });
  return saleRowToPublic(row, total);
}

/**
 * One page of a sale's lots for its catalogue, in lot order, each in the public Item shape
 * (with `lot_number`; withdrawn lots left out). A draft's lots are not found, except for operators.
 * @throws AppError 404 'Sale not found'.
 */
export async function pageSaleLots(
  db: Kysely<Database>,
  id: number,
  page: { page: number; per_page: number },
  opts: { includeDraft?: boolean } = {},
): Promise<SaleLotsPage> {
  const row = await findSaleRow(db, id);
  if (!row || (!row.published_at && !opts.includeDraft)) throw AppError.notFound(SALE_NOT_FOUND);
  const { ids, total } = await pageSaleLotIds(db, id, { offset: (page.page - 1) * page.per_page, limit: page.per_page });
  const items = await findItemsByIds(db, ids, await loadIncrementTables(db));
  const data = ids.flatMap((itemId) => {
    const item = items.get(itemId);
    return item ? [item] : [];
  });
  return { data, meta: pageInfo(total, page.page, page.per_page, data.length) };
}
