import { z } from 'zod';
import { pageQueryFields, queryCount } from './query-fields.js';
import { BIDDING_MESSAGES } from '../messages/bidding.js';
import { MAX_BID_AMOUNT } from '../rules/bidding.js';

/**
 * A positive whole number of kwacha, at most {@link MAX_BID_AMOUNT}: a JSON integer, or a string
 * of digits with optional thousands commas (`"1250000"`, `"1,250,000"`) as the client's form sends
 * it. Fractions, exponents (`"1e9"`), signs and hex are refused with `message`.
 * Source: spec/shopping.md §5 "Bidding" (digits only); issue "Bidding engine".
 */
function wholeKwacha(message: string) {
  return z
    .union([z.number(), z.string()])
    .transform((v) => {
      if (typeof v === 'number') return v;
      const t = v.trim();
      return /^\d{1,3}(,\d{3})+$|^\d+$/.test(t) ? Number(t.replace(/,/g, '')) : Number.NaN;
    })
    .refine((n) => Number.isInteger(n) && n > 0 && n <= MAX_BID_AMOUNT, { message });
}

/**
 * Body of `POST /ajax-bid`: item id, a positive whole amount in MWK and, optionally, the most the
 * bidder will pay (`max_amount` ≥ `amount`, else 422 with `errors.max_amount`), each at most
 * {@link MAX_BID_AMOUNT} (MK 999,999,999,999, what the amount columns hold).
 * Source: spec/shopping.md §5 "Bidding" and §7; `max_amount` from issue "Bidding engine".
 */
export const placeBidInputSchema = z
  .object({
    item_id: z.coerce.number({ message: 'The item id is required' }).int().positive(),
    amount: wholeKwacha('Please enter a valid amount'),
    max_amount: wholeKwacha(BIDDING_MESSAGES.invalidMaximum).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.max_amount != null && v.max_amount < v.amount) ctx.addIssue({ code: 'custom', path: ['max_amount'], message: BIDDING_MESSAGES.maximumBelowAmount });
  });
export type PlaceBidInput = z.infer<typeof placeBidInputSchema>;

// The bid record lives alone so the live events (shared/events.ts) do not load the bid form's rules.
import type { Bid } from './bid-record.schema.js';
export { bidSchema, type Bid } from './bid-record.schema.js';

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
  ...pageQueryFields(10),
  limit: queryCount('limit').optional(),
});

/** Successful answer of `POST /ajax-bid`. */
export interface PlaceBidResult {
  success: true;
  message: string;
  bid: Bid | null;
  item: { id: number; bid_amount: number; bid_count: number; min_next_bid: number; date_to: string | null };
  /** Whether the bidder leads once their bid is resolved (issue "Bidding engine"). */
  leading: boolean;
  /** Their standing maximum when they set one (private to them), else null. */
  max_amount: number | null;
}
