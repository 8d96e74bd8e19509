import { apiGet } from '../../../lib/api-client';
import { DASHBOARD_HISTORY_PAGE_SIZE } from '@shared/messages/dashboard';
import type { DashboardStats } from '@shared/schemas/dashboard.schema';
import { parseRecordPage, parseStats, type BidRecordPage } from '../utils/bid-records';

/** The dashboard as the page uses it (records sorted into valid, invalid and hidden). */
export interface DashboardData {
  active: BidRecordPage;
  history: BidRecordPage;
  stats: DashboardStats;
}

/**
 * `GET /api/bid-dashboard` → active_bids, bid_history (each an array or an object with data),
 * stats. Rejects with ApiError. Source: spec/accounts-and-shell.md §3, §7.
 */
export async function getDashboard(): Promise<DashboardData> {
  const body = (await apiGet('/api/bid-dashboard', undefined, { withCsrf: true })) as Record<string, unknown> | null;
  return {
    active: parseRecordPage(body?.active_bids, DASHBOARD_HISTORY_PAGE_SIZE),
    history: parseRecordPage(body?.bid_history, DASHBOARD_HISTORY_PAGE_SIZE),
    stats: parseStats(body?.stats),
  };
}
