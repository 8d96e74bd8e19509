import { z } from 'zod';
import { MAX_BID_AMOUNT } from '../rules/bidding.js';

/**
 * Body of `POST /ajax-bid`: item id and a positive whole amount in MWK, at most
 * {@link MAX_BID_AMOUNT} (MK 999,999,999,999, what the amount columns hold). Digit strings
 * (`"1250000"` or `"1,250,000"`) are accepted as the client's form sends them.
 * Source: spec/shopping.md §5 "Bidding" and §7.
 */
export const placeBidInputSchema = z.object({
  item_id: z.coerce.number({ message: 'The item id is required' }).int().positive(),
  amount: z
    .union([z.number(), z.string()])
    .transform((v) => (typeof v === 'string' ? Number(v.replace(/,/g, '').trim() || 'x') : v))
    .refine((n) => Number.isInteger(n) && n > 0 && n <= MAX_BID_AMOUNT, { message: 'Please enter a valid amount' }),
});
export type PlaceBidInput = z.infer<typeof placeBidInputSchema>;

/** A bid in lists and events. Source: spec/shopping.md §3 "Bid". */
export const bidSchema = z.object({
  id: z.number(),
  item_id: z.number(),
  user_id: z.number(),
  bid_amount: z.number(),
  created_at: z.string(),
  user: z.object({ name: z.string().nullable() }).nullable(),
});
export type Bid = z.infer<typeof bidSchema>;

/** Pagination of bid lists. Source: spec/shopping.md §3 "Bid pagination". */
export interface BidPagination {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** Query of `GET /api/open-item/{id}/bids`: `limit` (latest N) or page/per_page. */
export const listBidsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** Successful answer of `POST /ajax-bid`. */
export interface PlaceBidResult {
  success: true;
  message: string;
  bid: Bid;
  item: { id: number; bid_amount: number; bid_count: number; min_next_bid: number; date_to: string | null };
}
