import { z } from 'zod';
import { pageQueryFields } from './query-fields.js';
import { DASHBOARD_HISTORY_PAGE_SIZE } from '../messages/dashboard.js';
import { paginationSchema, watchlistPageSchema } from './watchlist.schema.js';

/**
 * Query of `GET /api/bid-dashboard/active-bids` and `/bid-history`: page, per_page (1-100,
 * default 10), search (item name or code), status (history only: won, lost, or all).
 * Source: spec/accounts-and-shell.md §7, §9.
 */
export const dashboardListQuerySchema = z.object({
  ...pageQueryFields(DASHBOARD_HISTORY_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((s) => (s ? s : undefined)),
  status: z
    .enum(['won', 'lost', 'all', ''])
    .optional()
    .transform((s) => (s === 'won' || s === 'lost' ? s : undefined)),
});
export type DashboardListQuery = z.infer<typeof dashboardListQuerySchema>;

/** Where a user's bidding on an item stands: active (winning/outbid) or decided (won/lost). */
export const dashboardBidStatusSchema = z.enum(['winning', 'outbid', 'won', 'lost']);
export type DashboardBidStatus = z.infer<typeof dashboardBidStatusSchema>;

/** The item of a dashboard entry (what the bid card shows). */
export const dashboardBidItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  code: z.string().nullable(),
  /** The item's current (highest) bid in MWK, null when none. */
  bid_amount: z.number().nullable(),
  bid_count: z.number(),
  target_amount: z.number(),
  min_next_bid: z.number(),
  status: z.string(),
  type: z.enum(['cash', 'online', 'live']),
  date_to: z.string().nullable(),
  closed_by: z.number().nullable(),
});

/**
 * One dashboard entry: ONE per item the user bid on, carrying the user's highest bid on it
 * (`id`, `bid_amount`, `created_at` are that bid's), the item, its auction type and the status.
 * Shape of the spec's Bid (accounts-and-shell §3) plus `status`, `current_bid`, `my_bid_count`,
 * `last_bid_at`.
 */
export const dashboardBidSchema = z.object({
  id: z.number(),
  item_id: z.number(),
  user_id: z.number(),
  bid_amount: z.number(),
  created_at: z.string(),
  closed_by: z.number().nullable(),
  date_to: z.string().nullable(),
  user: z.object({ name: z.string().nullable() }),
  item: dashboardBidItemSchema,
  auctionType: z.object({ id: z.number(), name: z.string(), type: z.enum(['cash', 'online', 'live']) }),
  current_bid: z.number(),
  status: dashboardBidStatusSchema,
  my_bid_count: z.number(),
  last_bid_at: z.string(),
});
export type DashboardBid = z.infer<typeof dashboardBidSchema>;

/** A page of dashboard entries: `{data}` plus the spec's pagination fields at the top level. */
export const pagedDashboardBidsSchema = paginationSchema.extend({ data: z.array(dashboardBidSchema) });
export type PagedDashboardBids = z.infer<typeof pagedDashboardBidsSchema>;

/**
 * Dashboard stats; every field of spec/accounts-and-shell.md §3. Amounts whole MWK; win_rate a
 * percentage with one decimal. What counts is documented on `getDashboardStats`.
 */
export const dashboardStatsSchema = z.object({
  total_bids: z.number(),
  active_bids: z.number(),
  won_auctions: z.number(),
  lost_auctions: z.number(),
  watchlist_count: z.number(),
  total_bid_amount: z.number(),
  average_bid_amount: z.number(),
  highest_bid: z.number(),
  win_rate: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** Answer of `GET /api/bid-dashboard`. */
export const dashboardResponseSchema = z.object({
  active_bids: pagedDashboardBidsSchema,
  bid_history: pagedDashboardBidsSchema,
  watchlist: watchlistPageSchema,
  stats: dashboardStatsSchema,
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
