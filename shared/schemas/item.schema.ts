import { z } from 'zod';
import { optionalQueryId, pageQueryFields } from './query-fields.js';

/** Auction type as the API answers it. Source: spec/shopping.md §3 "Auction type". */
export const auctionTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['cash', 'online', 'live']),
  description: z.string().nullable().optional(),
  date_from: z.string().nullable().optional(),
  date_to: z.string().nullable().optional(),
  /** Bidders register with a deposit before bidding (always for live sales), and how much (MWK, null: not said). Issue 13 "Sales". */
  deposit_required: z.boolean().optional(),
  deposit_amount: z.number().nullable().optional(),
});
export type AuctionType = z.infer<typeof auctionTypeSchema>;

/** Branch. Source: spec/shopping.md §3 "Branch". */
export const branchSchema = z.object({ id: z.number(), name: z.string() });
export type Branch = z.infer<typeof branchSchema>;

/**
 * A branch as `GET /ajax-branches` answers it: the spec's `{id, name}` plus its office's
 * address and phone (null when unknown), which the About page lists. Source: spec/shopping.md
 * §3 "Branch"; the offices: issue 20.
 */
export const branchOfficeSchema = branchSchema.extend({ address: z.string().nullable(), phone: z.string().nullable() });
export type BranchOffice = z.infer<typeof branchOfficeSchema>;

/**
 * Picture of an item (the spec's `{id, url, original_url}`). Pictures uploaded in the back office
 * also carry `variants`: the same picture as WebP and AVIF at each stored width (px, narrowest
 * first, never wider than the original), for `srcset`. Source: issue 13 "Lots (items)" (pictures).
 */
export const mediaSchema = z.object({
  id: z.number().optional(),
  url: z.string(),
  original_url: z.string(),
  variants: z.array(z.object({ width: z.number(), webp: z.string(), avif: z.string() })).optional(),
});

/**
 * Item as the API answers it (amounts in MWK as numbers, times ISO 8601 UTC).
 * Source: spec/shopping.md §3 "Item"; `min_next_bid` and `bid_count` are added for live views.
 */
export const itemSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  target_amount: z.number(),
  bid_amount: z.number().nullable(),
  bid_count: z.number(),
  min_next_bid: z.number(),
  /** Whether the current bid reaches the reserve; null when the lot has no reserve (issue "Bidding engine"). */
  reserve_met: z.boolean().nullable(),
  /**
   * The signed-in viewer's own standing on `GET /ajax-item/{id}`: whether they lead, their
   * maximum (null when they set none above their bid) and whether they have bid on the lot at all
   * (their Winning/Outbid badge). Private: absent for guests and lists.
   */
  viewer: z.object({ leading: z.boolean(), max_amount: z.number().nullable(), has_bid: z.boolean() }).optional(),
  auction_id: z.number().nullable(),
  auction_type_id: z.number(),
  auction_type: auctionTypeSchema,
  status: z.string(),
  type: z.enum(['cash', 'online', 'live']),
  condition: z.string().nullable(),
  featured: z.boolean(),
  cropped: z.string().nullable(),
  image: z.string().nullable(),
  media: z.array(mediaSchema),
  code: z.string().nullable(),
  reference_number: z.string().nullable(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  closed_by: z.number().nullable(),
  branch_id: z.number().nullable(),
  branch: branchSchema.nullable(),
  is_reserved: z.boolean(),
  quantity: z.number(),
  /** The lot's number in its sale (lot order; issue 13 "Sales"); null when it has none. */
  lot_number: z.number().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

/** Sort orders of the listing. Source: spec/shopping.md §2 "Home page". */
export const SORT_OPTIONS = ['newest', 'oldest', 'price_low', 'price_high', 'ending_soon'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

const csvOrArray = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v) => (v == null ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)));
const flag = z
  .union([z.string(), z.boolean(), z.number()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const optionalNumber = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'Must be a number of at least 0' });
      return z.NEVER;
    }
    return n;
  });
const optionalDate = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Must be a date' });
      return z.NEVER;
    }
    return d;
  });

/**
 * Query of `GET /ajax-items`. Array parameters accept `statuses[]=a&statuses[]=b` or a comma
 * list. Source: spec/shopping.md §7 (every parameter of the call).
 */
export const listItemsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  type: z.enum(['all', 'cash', 'online', 'live', '']).optional(),
  branch_id: optionalQueryId('Choose a branch from the list.'),
  auction_type_id: optionalQueryId('Choose a sale from the list.'),
  ...pageQueryFields(9),
  sort_by: z.enum(SORT_OPTIONS).default('newest'),
  statuses: csvOrArray,
  auction_types: csvOrArray,
  locations: csvOrArray,
  conditions: csvOrArray,
  price_min: optionalNumber,
  price_max: optionalNumber,
  date_range: z.enum(['today', 'week', 'month', 'custom', '']).optional(),
  date_from: optionalDate,
  date_to: optionalDate,
  has_images: flag,
  has_reserve: flag,
  featured_only: flag,
  accepts_paypal: flag,
  free_shipping: flag,
});
export type ListItemsQuery = z.infer<typeof listItemsQuerySchema>;

/** Paged result shape of the listing. Source: spec/shopping.md §3 "Paged item result". */
export interface PagedItems {
  data: Item[];
  total: number;
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  pagination: { total: number; current_page: number; last_page: number; per_page: number; from: number | null; to: number | null };
  counts: { all: number; cash: number; online: number; live: number };
}
