import { z } from 'zod';
import { MAX_BID_AMOUNT } from '../rules/bidding.js';
import { pageQueryFields } from './query-fields.js';
import { paginationSchema } from './watchlist.schema.js';

/**
 * Query of `GET /api/admin/users`: `search` (part of a name, e-mail or phone, a live-auction
 * registration's reference, or `#12` / `12` for the user id; case-insensitive), `page` (from 1),
 * `per_page` (1-100, default 20). Source: issue 13 "Bidders".
 */
export const adminBiddersQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  ...pageQueryFields(20),
});
/** Parsed {@link adminBiddersQuerySchema}. */
export type AdminBiddersQuery = z.infer<typeof adminBiddersQuerySchema>;

/** A user as the operators' bidder list shows them (times ISO 8601 UTC, money MWK). */
export const bidderSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Role names, e.g. `['admin', 'customer']`. */
  roles: z.array(z.string()),
  /** When an operator blocked their bidding; null while they may bid. */
  blocked_at: z.string().nullable(),
  /** Spending limit (whole MWK); null for none. */
  bid_limit: z.number().nullable(),
  bids: z.number().int(),
  /** Open lots they lead now. */
  leading: z.number().int(),
  /** Won orders awaiting payment. */
  unpaid: z.number().int(),
  created_at: z.string(),
});
/** Parsed {@link bidderSummarySchema}. */
export type BidderSummary = z.infer<typeof bidderSummarySchema>;

/** Answer of `GET /api/admin/users`: one page, newest account first. */
export const bidderPageSchema = z.object({ data: z.array(bidderSummarySchema), meta: paginationSchema });
/** Parsed {@link bidderPageSchema}. */
export type BidderPage = z.infer<typeof bidderPageSchema>;

/** One of a bidder's recent bids, with the lot and whether they lead it now. */
export const bidderBidSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
  bid_amount: z.number(),
  automatic: z.boolean(),
  created_at: z.string(),
  /** The lot's status now (available, sold, unsold, withdrawn). */
  item_status: z.string(),
  /** The bidder leads the lot now. */
  leading: z.boolean(),
});

/** A lot the bidder won (closed sold to them), with its order when one was made. */
export const bidderWinSchema = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  bid_amount: z.number().nullable(),
  closed_at: z.string().nullable(),
  order_id: z.number().int().nullable(),
  order_reference: z.string().nullable(),
  order_status: z.string().nullable(),
});

/** One of the bidder's orders that is not paid yet (awaiting payment or reserved). */
export const bidderOrderSchema = z.object({
  id: z.number().int(),
  order_reference: z.string(),
  source: z.enum(['checkout', 'auction']),
  status: z.string(),
  amount_total: z.number(),
  created_at: z.string(),
});

/** A live-auction / deposit registration (`auction_subscriptions`) of the bidder. */
export const bidderRegistrationSchema = z.object({
  id: z.number().int(),
  auction_type_id: z.number().int(),
  auction_name: z.string(),
  reference_number: z.string(),
  status: z.enum(['pending', 'active', 'declined', 'expired']),
  created_at: z.string(),
});

/**
 * Answer of `GET /api/admin/users/{id}`: the bidder's profile, roles, block (when, why, by whom),
 * spending limit and what counts against it now (`committed`: open leads at price or their
 * maximum, plus won orders awaiting payment; MWK), their registrations, last 20 bids, wins, unpaid
 * orders, and where their audit history is (`audit.about`: events about them; `audit.by`: what
 * they did). Source: issue 13 "Bidders".
 */
export const bidderDetailSchema = z.object({
  data: bidderSummarySchema.extend({
    address: z.string().nullable(),
    email_verified_at: z.string().nullable(),
    blocked_reason: z.string().nullable(),
    blocked_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    committed: z.number(),
  }),
  registrations: z.array(bidderRegistrationSchema),
  recent_bids: z.array(bidderBidSchema),
  wins: z.array(bidderWinSchema),
  unpaid_orders: z.array(bidderOrderSchema),
  audit: z.object({ about: z.string(), by: z.string() }),
});
/** Parsed {@link bidderDetailSchema}. */
export type BidderDetail = z.infer<typeof bidderDetailSchema>;

/** Body of `POST /api/admin/users/{id}/block`: the operator's reason (3-500 characters), required. */
export const blockBidderInputSchema = z.object({
  reason: z
    .string({ message: 'Please give the reason for blocking.' })
    .trim()
    .min(3, 'Please give the reason for blocking (at least 3 characters).')
    .max(500, 'Keep the reason under 500 characters.'),
});
/** Parsed {@link blockBidderInputSchema}. */
export type BlockBidderInput = z.infer<typeof blockBidderInputSchema>;

const BID_LIMIT_MESSAGE = 'The spending limit must be a whole number of kwacha, 0 or more (empty for no limit).';

/**
 * Body of `PATCH /api/admin/users/{id}`: `bid_limit`, whole kwacha from 0 to MK 999,999,999,999
 * (a number, or digits with thousands commas), or null for no limit. Source: issue 13 "Bidders".
 */
export const bidderPatchSchema = z.object({
  bid_limit: z
    .union([z.number(), z.string(), z.null()], { message: BID_LIMIT_MESSAGE })
    .transform((v) => {
      if (v === null || typeof v === 'number') return v;
      const t = v.trim();
      if (t === '') return null;
      return /^\d{1,3}(,\d{3})+$|^\d+$/.test(t) ? Number(t.replace(/,/g, '')) : Number.NaN;
    })
    .refine((n) => n === null || (Number.isInteger(n) && n >= 0 && n <= MAX_BID_AMOUNT), { message: BID_LIMIT_MESSAGE }),
});
/** Parsed {@link bidderPatchSchema}. */
export type BidderPatch = z.infer<typeof bidderPatchSchema>;

/** Body of `POST /api/admin/users/{id}/roles`: grant (`grant: true`) or revoke the admin role. */
export const bidderRoleInputSchema = z.object({
  role: z.literal('admin', { message: 'Only the admin role can be granted or revoked here.' }),
  grant: z.boolean({ message: 'Say whether to grant (true) or revoke (false) the role.' }),
});
/** Parsed {@link bidderRoleInputSchema}. */
export type BidderRoleInput = z.infer<typeof bidderRoleInputSchema>;

/** Answer of the bidder actions (block, unblock, limit, roles): the bidder as the list shows them. */
export const bidderActionResultSchema = z.object({ success: z.literal(true), data: bidderSummarySchema });
