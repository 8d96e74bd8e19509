import { apiSend } from '../../../lib/api-client';
import { watchlistChangeResultSchema, type WatchlistChangeResult } from '@shared/schemas/watchlist.schema';

/**
 * `POST /api/watchlist {item_id}` (anti-forgery header, cookies). Idempotent on the server.
 * Answers `{success, message, in_watchlist, changed, count}`; rejects with ApiError (401, 404).
 * Source: spec/accounts-and-shell.md §7.
 */
export async function addToWatchlist(itemId: number): Promise<WatchlistChangeResult> {
  return watchlistChangeResultSchema.parse(await apiSend('POST', '/api/watchlist', { item_id: itemId }));
}
