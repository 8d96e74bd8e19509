import { z } from 'zod';

/** One lot of a sale's results: its outcome and, when sold, the hammer price and its charges (MWK). */
export const saleResultLotSchema = z.object({
  id: z.number(),
  lot_number: z.number().nullable(),
  code: z.string().nullable(),
  name: z.string(),
  outcome: z.enum(['sold', 'unsold', 'withdrawn', 'open']),
  bid_count: z.number(),
  hammer_price: z.number().nullable(),
  premium: z.number().nullable(),
  vat: z.number().nullable(),
  buyer: z.object({ id: z.number(), name: z.string() }).nullable(),
});
/** See {@link saleResultLotSchema}. */
export type SaleResultLot = z.infer<typeof saleResultLotSchema>;

/**
 * `GET /api/admin/sales/{id}/results`: a sale's results — lots sold, unsold, withdrawn and still
 * open; the hammer total, the buyer's premium at the sale's percent, VAT on the premium at the
 * site's rate, and their total; sell-through (sold ÷ offered, percent; null before any close);
 * the top lots by hammer price; every lot in lot order. Source: issue 13 "Settlement and results".
 */
export const saleResultsSchema = z.object({
  sale: z.object({ id: z.number(), name: z.string(), buyers_premium_percent: z.number() }),
  vat_rate_percent: z.number(),
  counts: z.object({ lots: z.number(), sold: z.number(), unsold: z.number(), withdrawn: z.number(), open: z.number() }),
  sell_through_percent: z.number().nullable(),
  totals: z.object({ hammer: z.number(), premium: z.number(), vat: z.number(), total: z.number() }),
  top_lots: z.array(saleResultLotSchema),
  lots: z.array(saleResultLotSchema),
});
/** See {@link saleResultsSchema}. */
export type SaleResults = z.infer<typeof saleResultsSchema>;
