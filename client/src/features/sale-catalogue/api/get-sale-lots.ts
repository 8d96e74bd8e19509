import { z } from 'zod';
import { itemSchema, type Item } from '@shared/schemas/item.schema';
import { paginationSchema, type Pagination } from '@shared/schemas/watchlist.schema';
import { CATALOGUE_PAGE_SIZE } from '@shared/page-first-reads';
import { apiGetAsked } from '../../../lib/api-client';

/**
 * `GET /api/sales/{id}/lots?page=&per_page=` → one page of a published sale's lots in lot order
 * (the public Item shape with `lot_number`) and its pagination. A lot the client cannot read is
 * left out; `askedAt` is when the page was asked for (the browser's clock, ms). Rejects with the
 * api client's error. Source: issue 13 "Sales".
 */
export async function getSaleLots(id: number, page: number): Promise<{ lots: Item[]; meta: Pagination; askedAt: number }> {
  const asked = await apiGetAsked(`/api/sales/${id}/lots`, { page, per_page: CATALOGUE_PAGE_SIZE });
  return { ...parseSaleLotsAnswer(asked.body), askedAt: asked.askedAt };
}

/**
 * The lots and pagination of an answer of `GET /api/sales/{id}/lots` (`{data, meta}`); a lot the
 * client cannot read is left out. @throws ZodError when the answer has another shape.
 */
export function parseSaleLotsAnswer(answer: unknown): { lots: Item[]; meta: Pagination } {
  const body = z.object({ data: z.array(z.unknown()), meta: paginationSchema }).parse(answer);
  const lots = body.data.flatMap((raw) => {
    const parsed = itemSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return { lots, meta: body.meta };
}
