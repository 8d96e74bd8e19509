import { z } from 'zod';
import { optionalQueryId } from './query-fields.js';
import { BIDDING_MESSAGES } from '../messages/bidding.js';
import { MAX_BID_AMOUNT } from '../rules/bidding.js';

/** One band of an increment table as the API shows it: from price `from` (MWK) bids rise by `increment` (MWK). */
export const incrementBandSchema = z.object({
  from: z.coerce.number({ message: 'Enter the price the band starts at' }).int('Whole kwacha only').min(0, 'At least 0').max(MAX_BID_AMOUNT),
  increment: z.coerce.number({ message: 'Enter the increment' }).int('Whole kwacha only').min(1, 'At least MK 1').max(MAX_BID_AMOUNT),
});
export type IncrementBandInput = z.infer<typeof incrementBandSchema>;

/**
 * Body of `PUT /api/admin/bid-increments`: the table to replace (`auction_type_id` of a sale, or
 * null for the global table) and its bands (at most 30, `from` values all different; an empty
 * list removes the table). Source: issue "Bidding engine" (operators edit the global table and a
 * sale's table).
 */
export const incrementTableInputSchema = z
  .object({
    auction_type_id: z.coerce.number().int().positive().nullable(),
    bands: z.array(incrementBandSchema).max(30, 'At most 30 bands'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.bands.forEach((b, i) => {
      if (seen.has(b.from)) ctx.addIssue({ code: 'custom', path: ['bands', i, 'from'], message: 'Two bands start at the same price' });
      seen.add(b.from);
    });
  });
export type IncrementTableInput = z.infer<typeof incrementTableInputSchema>;

/** Query of `GET /api/bid-increments`: the lot (`item_id`) or the sale (`auction_type_id`) whose table to show. */
export const incrementQuerySchema = z
  .object({
    item_id: optionalQueryId("item_id must be a lot's id (a whole number from 1)."),
    auction_type_id: optionalQueryId('Choose a sale from the list.'),
  })
  .refine((q) => q.item_id != null || q.auction_type_id != null, { message: 'Give item_id or auction_type_id', path: ['item_id'] });

/** Body of `POST /api/admin/bids/{id}/retract`: why (required, 3–500 characters). Source: issue "Bidding engine" (retraction). */
export const retractBidInputSchema = z.object({
  reason: z
    .string({ message: BIDDING_MESSAGES.retractionReasonRequired })
    .trim()
    .min(3, BIDDING_MESSAGES.retractionReasonRequired)
    .max(500, 'At most 500 characters'),
});
