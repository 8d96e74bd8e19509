import { apiGet } from '../../../lib/api-client';
import { watchlistIdsSchema } from '@shared/schemas/watchlist.schema';

/**
 * `GET /api/watchlist/ids` → ids of every watched item, so each watch button knows its state
 * without one `check` call per card (our addition to the spec's calls).
 */
export async function getWatchlistIds(): Promise<number[]> {
  return watchlistIdsSchema.parse(await apiGet('/api/watchlist/ids', undefined, { withCsrf: true })).ids;
}
