import type { Kysely } from 'kysely';
import type { AdminLotsQuery, LotImage, LotsPage, LotView } from '@shared/schemas/lot.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { pageInfo } from '../http/pagination.js';
import { findLotRow, listLotImages, pageLotRows, type LotImageRow, type LotRow } from './lots.repository.js';

/** The message of an unknown lot. */
export const LOT_NOT_FOUND = 'Lot not found';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A picture row as the back office shows it (position 0 is the cover). */
export function imageRowToImage(row: LotImageRow, index: number): LotImage {
  return {
    id: row.id,
    url: row.url,
    original_url: row.original_url,
    position: row.position,
    cover: index === 0,
    width: row.width,
    height: row.height,
    variants: row.variants ?? [],
  };
}

/** A lot row and its pictures (cover first) as operators read it. Money in MWK, times ISO. */
export function lotRowToView(row: LotRow, images: readonly LotImageRow[]): LotView {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    auction_type_id: row.auction_type_id,
    sale: { id: row.auction_type_id, name: row.sale_name, kind: row.sale_kind, published: row.sale_published },
    branch_id: row.branch_id,
    branch: row.branch_id != null && row.branch_name ? { id: row.branch_id, name: row.branch_name } : null,
    code: row.code,
    reference_number: row.reference_number,
    target_amount: Number(row.target_amount),
    reserve_price: row.reserve_price == null ? null : Number(row.reserve_price),
    quantity: row.quantity,
    condition: row.condition,
    featured: row.featured,
    date_from: iso(row.date_from),
    date_to: iso(row.date_to),
    status: row.status,
    closed: row.closed_by != null,
    withdrawn_reason: row.withdrawn_reason,
    lot_number: row.lot_number,
    bid_amount: row.bid_amount == null ? null : Number(row.bid_amount),
    bid_count: row.bid_count,
    leader_id: row.leader_id,
    image: images[0]?.url ?? null,
    images: images.map(imageRowToImage),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One lot as operators read it. @throws AppError 404 'Lot not found'. */
export async function getLotView(db: Kysely<Database>, id: number): Promise<LotView> {
  const row = await findLotRow(db, id);
  if (!row) throw AppError.notFound(LOT_NOT_FOUND);
  return lotRowToView(row, (await listLotImages(db, [id])).get(id) ?? []);
}

/** `/admin/lots`: one page of the lots that match (every status unless filtered), newest first. */
export async function listLots(db: Kysely<Database>, query: AdminLotsQuery): Promise<LotsPage> {
  const { rows, total } = await pageLotRows(db, query);
  const images = await listLotImages(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => lotRowToView(r, images.get(r.id) ?? [])),
    meta: pageInfo(total, query.page, query.per_page, rows.length),
  };
}
