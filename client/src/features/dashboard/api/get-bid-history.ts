import { apiGet } from '../../../lib/api-client';
import { parseRecordPage, type BidRecordPage } from '../utils/bid-records';

/** Result filter of the history: everything, won or lost. */
export type HistoryStatus = 'all' | 'won' | 'lost';

/**
 * `GET /api/bid-dashboard/bid-history?page&per_page&search&status` → a page of decided entries.
 * Source: spec/accounts-and-shell.md §7.
 */
export async function getBidHistory(params: { page: number; perPage: number; search?: string; status: HistoryStatus }): Promise<BidRecordPage> {
  const body = await apiGet(
    '/api/bid-dashboard/bid-history',
    { page: params.page, per_page: params.perPage, search: params.search, status: params.status === 'all' ? undefined : params.status },
    { withCsrf: true },
  );
  return parseRecordPage(body, params.perPage);
}
