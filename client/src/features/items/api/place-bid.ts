import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

const resultSchema = z.object({
  success: z.literal(true),
  message: z.string().catch('Bid placed successfully'),
  bid: z.unknown().optional(),
  item: z.object({
    id: z.number(),
    bid_amount: z.number(),
    bid_count: z.number(),
    min_next_bid: z.number(),
    date_to: z.string().nullable(),
  }),
  leading: z.boolean().optional(),
  max_amount: z.number().nullable().catch(null),
});

/** Successful answer of `POST /ajax-bid`. */
export type PlaceBidAnswer = z.infer<typeof resultSchema>;

/**
 * `POST /ajax-bid {item_id, amount, max_amount?}` with the session cookie and anti-forgery
 * header; `maxAmount` (MWK, ≥ `amount`) is the most the bidder will pay, sent only when given.
 * Answers the spec's fields plus `leading` (whether the bidder leads once the bid is resolved)
 * and `max_amount` (their standing maximum, or null).
 * Rejects with ApiError (401 signed out, 403 no permission or not subscribed, 422 rejected
 * with `error`/`reason` and `errors.amount` or `errors.max_amount`).
 * Source: spec/shopping.md §7, DESIGN.md "How a bid flows", issue "Bidding engine".
 */
export async function placeBid(itemId: number, amount: number, maxAmount?: number | null): Promise<PlaceBidAnswer> {
  const body = maxAmount != null ? { item_id: itemId, amount, max_amount: maxAmount } : { item_id: itemId, amount };
  return resultSchema.parse(await apiSend('POST', '/ajax-bid', body));
}
