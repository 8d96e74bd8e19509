import { overviewSchema, type Overview } from '@shared/schemas/overview.schema';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/admin/overview` → the operator's home figures (open lots, bids in the last hour,
 * registrations waiting, unpaid orders, failed jobs, bids per minute). Rejects with the api
 * client's error. Source: issue 13 "An operator's home".
 */
export async function getOverview(signal?: AbortSignal): Promise<Overview> {
  return overviewSchema.parse(await apiGet('/api/admin/overview', undefined, { signal }));
}
