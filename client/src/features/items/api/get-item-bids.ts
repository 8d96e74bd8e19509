import { z } from 'zod';
import { BID_PAGE_SIZE } from '@shared/page-first-reads';
import { apiGet } from '../../../lib/api-client';
import type { Bid, BidPagination } from '@shared/schemas/bid.schema';

const n = z.coerce.number();
const bidRowSchema = z.object({
  id: n,
  item_id: n,
  user_id: n,
  bid_amount: n,
  created_at: z.string(),
  user: z
    .object({ name: z.string().nullable().catch(null) })
    .nullable()
    .catch(null),
  /** Placed for the bidder's maximum (issue "Bidding engine"). */
  automatic: z.boolean().optional().catch(undefined),
});
const responseSchema = z.object({
  data: z.array(bidRowSchema),
  pagination: z.object({ current_page: n, last_page: n, per_page: n, total: n, from: n.nullable().catch(null), to: n.nullable().catch(null) }).optional(),
});

/** A page of bids, newest first. */
export interface BidPage {
  bids: Bid[];
  pagination: BidPagination;
}

/**
 * `GET /api/open-item/{id}/bids?page&per_page`: a page of the item's bids, newest first.
 * Each bid says whether it was `automatic` (made for a maximum). Rejects with ApiError on
 * failure. Source: spec/shopping.md §7; `automatic` from issue "Bidding engine".
 */
export async function getItemBids(itemId: number, page = 1, perPage = BID_PAGE_SIZE): Promise<BidPage> {
  const body = responseSchema.parse(await apiGet(`/api/open-item/${itemId}/bids`, { page, per_page: perPage }));
  const bids = body.data;
  const pagination: BidPagination = body.pagination ?? {
    current_page: 1,
    last_page: 1,
    per_page: perPage,
    total: bids.length,
    from: bids.length ? 1 : null,
    to: bids.length || null,
  };
  return { bids, pagination };
}
