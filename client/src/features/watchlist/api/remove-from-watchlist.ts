import { apiSend } from '../../../lib/api-client';
import { watchlistChangeResultSchema, type WatchlistChangeResult } from '@shared/schemas/watchlist.schema';

/**
 * `DELETE /api/watchlist/{id}` with the item's id. Answers `{success, message, in_watchlist,
 * changed, count}`; rejects with ApiError. Source: spec/accounts-and-shell.md §7.
 */
export async function removeFromWatchlist(itemId: number): Promise<WatchlistChangeResult> {
  return watchlistChangeResultSchema.parse(await apiSend('DELETE', `/api/watchlist/${itemId}`));
}
