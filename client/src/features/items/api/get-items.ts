import { z } from 'zod';
import { apiGetAsked, type QueryParams } from '../../../lib/api-client';
import type { Item } from '@shared/schemas/item.schema';
import { normaliseItemList } from '../../../lib/item-normalise';

/** Category counts for the tabs (every filter applied except the type). */
export interface CategoryCounts {
  all: number;
  cash: number;
  online: number;
  live: number;
}

/** One page of the listing after reading. */
export interface ItemPage {
  items: Item[];
  total: number;
  currentPage: number;
  lastPage: number;
  counts: CategoryCounts | null;
  /** When the page was asked for (the browser's clock, ms). */
  askedAt: number;
}

const n = z.coerce.number().catch(0);
const pageSchema = z.object({
  data: z.array(z.unknown()).catch([]),
  total: n.optional(),
  current_page: n.optional(),
  last_page: n.optional(),
  pagination: z.object({ total: n, current_page: n, last_page: n }).partial().optional().catch(undefined),
  counts: z.object({ all: n, cash: n, online: n, live: n }).optional().catch(undefined),
});

/**
 * `GET /ajax-items` with the listing query (see `toApiParams`). Items without a numeric id, or
 * repeated in the page, are dropped. Rejects with ApiError on failure. Source: spec/shopping.md §7.
 */
export async function getItems(params: QueryParams, opts: { signal?: AbortSignal } = {}): Promise<ItemPage> {
  const { body: raw, askedAt } = await apiGetAsked('/ajax-items', params, { signal: opts.signal });
  const body = pageSchema.parse(raw);
  const total = body.pagination?.total ?? body.total ?? body.data.length;
  return {
    items: normaliseItemList(body.data),
    total,
    currentPage: body.pagination?.current_page ?? body.current_page ?? 1,
    lastPage: body.pagination?.last_page ?? body.last_page ?? 1,
    counts: body.counts ?? null,
    askedAt,
  };
}
