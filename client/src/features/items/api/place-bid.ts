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
});

/** Successful answer of `POST /ajax-bid`. */
export type PlaceBidAnswer = z.infer<typeof resultSchema>;

/**
 * `POST /ajax-bid {item_id, amount}` with the session cookie and anti-forgery header.
 * Rejects with ApiError (401 signed out, 403 no permission or not subscribed, 422 rejected
 * with `error`/`reason`). Source: spec/shopping.md §7 and DESIGN.md "How a bid flows".
 */
export async function placeBid(itemId: number, amount: number): Promise<PlaceBidAnswer> {
  return resultSchema.parse(await apiSend('POST', '/ajax-bid', { item_id: itemId, amount }));
}
