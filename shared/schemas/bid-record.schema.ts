import { z } from 'zod';

/** A bid in lists and events. Source: spec/shopping.md §3 "Bid". */
export const bidSchema = z.object({
  id: z.number(),
  item_id: z.number(),
  user_id: z.number(),
  bid_amount: z.number(),
  created_at: z.string(),
  user: z.object({ name: z.string().nullable() }).nullable(),
  /** Placed by the engine for the bidder's maximum (shown "auto"). Issue "Bidding engine". */
  automatic: z.boolean().optional(),
});
export type Bid = z.infer<typeof bidSchema>;
