import type { Kysely } from 'kysely';
import { DASHBOARD_HISTORY_PAGE_SIZE } from '@shared/messages/dashboard.js';
import { DASHBOARD_WATCHLIST_PANEL_SIZE } from '@shared/messages/watchlist.js';
import type { DashboardResponse } from '@shared/schemas/dashboard.schema.js';
import type { Database } from '../db/types.js';
import type { Increments } from '../items/items.repository.js';
import { listWatchlist } from '../watchlist/watchlist.repository.js';
import { getDashboardStats, listDashboardBids } from './dashboard.repository.js';

/**
 * The whole dashboard of one user: first page (10) of active entries and of history, the first
 * 5 watchlist items (`{data, meta}`) and the stats. Every part reads only the user's own rows.
 * Source: spec/accounts-and-shell.md §2 "/bid-dashboard", §3 "Dashboard response", §9.
 */
export async function getDashboard(db: Kysely<Database>, userId: number, increment: Increments): Promise<DashboardResponse> {
  const page = { page: 1, perPage: DASHBOARD_HISTORY_PAGE_SIZE };
  const [active_bids, bid_history, watchlist, stats] = await Promise.all([
    listDashboardBids(db, userId, 'active', page, increment),
    listDashboardBids(db, userId, 'history', page, increment),
    listWatchlist(db, userId, { page: 1, perPage: DASHBOARD_WATCHLIST_PANEL_SIZE }, increment),
    getDashboardStats(db, userId),
  ]);
  return { active_bids, bid_history, watchlist, stats };
}
