import { apiGet } from '../../../lib/api-client';
import { WATCHLIST_PAGE_SIZE } from '@shared/messages/watchlist';
import { watchlistPageSchema, type WatchlistPage } from '@shared/schemas/watchlist.schema';

/**
 * `GET /api/watchlist?page&per_page&search` → `{data, meta}` (per_page default 15).
 * Rejects with ApiError (401 when signed out) or a zod error on an unexpected answer.
 * Source: spec/accounts-and-shell.md §7.
 */
export async function getWatchlist(params: { page?: number; perPage?: number; search?: string } = {}): Promise<WatchlistPage> {
  const body = await apiGet(
    '/api/watchlist',
    { page: params.page ?? 1, per_page: params.perPage ?? WATCHLIST_PAGE_SIZE, search: params.search },
    { withCsrf: true },
  );
  return watchlistPageSchema.parse(body);
}
