import { apiGet } from '../../../lib/api-client';
import type { DashboardStats } from '@shared/schemas/dashboard.schema';
import { parseStats } from '../utils/bid-records';

/** `GET /api/bid-dashboard/stats` → the stats. Source: spec/accounts-and-shell.md §7. */
export async function getDashboardStats(): Promise<DashboardStats> {
  return parseStats(await apiGet('/api/bid-dashboard/stats', undefined, { withCsrf: true }));
}
