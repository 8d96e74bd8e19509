import { apiGet } from '../../../lib/api-client';
import { watchlistCountSchema } from '@shared/schemas/watchlist.schema';

/** `GET /api/watchlist/count` → the number of watched items. Source: spec/accounts-and-shell.md §7. */
export async function getWatchlistCount(): Promise<number> {
  return watchlistCountSchema.parse(await apiGet('/api/watchlist/count', undefined, { withCsrf: true })).count;
}
