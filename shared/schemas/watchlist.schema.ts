import { z } from 'zod';
import { pageQueryFields } from './query-fields.js';
import { WATCHLIST_PAGE_SIZE } from '../messages/watchlist.js';
import { itemSchema } from './item.schema.js';

/** Pagination of paged lists. Source: spec/accounts-and-shell.md §3 "Pagination". */
export const paginationSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * Query of `GET /api/watchlist`: page (from 1), per_page (1-100, default 15), search (free text
 * over the item's name, code and description). Source: spec/accounts-and-shell.md §7, §9.
 */
export const watchlistQuerySchema = z.object({
  ...pageQueryFields(WATCHLIST_PAGE_SIZE),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type WatchlistQuery = z.infer<typeof watchlistQuerySchema>;

/** Body of `POST /api/watchlist`. Source: spec/accounts-and-shell.md §7. */
export const addToWatchlistInputSchema = z.object({
  item_id: z.coerce.number({ message: 'The item id is required' }).int('The item id is required').positive('The item id is required'),
});
export type AddToWatchlistInput = z.infer<typeof addToWatchlistInputSchema>;

/** `{id}` of `/api/watchlist/{id}` and `/api/watchlist/check/{id}`: the item's id. */
export const watchlistItemParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * A watchlist entry: the item's public fields (its `id` is the item id, the one
 * `DELETE /api/watchlist/{id}` takes) plus when it was added. Source: accounts-and-shell §3.
 */
export const watchlistEntrySchema = itemSchema.extend({ watchlist_id: z.number(), added_at: z.string() });
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

/** Answer of `GET /api/watchlist`: `{data, meta}`. */
export const watchlistPageSchema = z.object({ data: z.array(watchlistEntrySchema), meta: paginationSchema });
export type WatchlistPage = z.infer<typeof watchlistPageSchema>;

/** Answer of `POST /api/watchlist` and `DELETE /api/watchlist/{id}`: membership now and the new count. */
export const watchlistChangeResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  in_watchlist: z.boolean(),
  /** True when this call changed the list (false: it was already so). */
  changed: z.boolean(),
  count: z.number(),
});
export type WatchlistChangeResult = z.infer<typeof watchlistChangeResultSchema>;

/** Answer of `GET /api/watchlist/check/{id}`. */
export const watchlistCheckSchema = z.object({ in_watchlist: z.boolean() });
/** Answer of `GET /api/watchlist/count`. */
export const watchlistCountSchema = z.object({ count: z.number() });
/** Answer of `GET /api/watchlist/ids`: every watched item id (membership for watch buttons). */
export const watchlistIdsSchema = z.object({ ids: z.array(z.number()) });
