import { apiGet } from '../../../lib/api-client';
import { parseRecordPage, type BidRecordPage } from '../utils/bid-records';

/** `GET /api/bid-dashboard/active-bids?page&per_page&search` → a page of active entries. Source: accounts-and-shell §7. */
export async function getActiveBids(params: { page: number; perPage: number; search?: string }): Promise<BidRecordPage> {
  const body = await apiGet('/api/bid-dashboard/active-bids', { page: params.page, per_page: params.perPage, search: params.search }, { withCsrf: true });
  return parseRecordPage(body, params.perPage);
}
