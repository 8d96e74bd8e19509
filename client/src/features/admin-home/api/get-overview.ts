import { queryOptions } from '@tanstack/react-query';
import { overviewSchema, type Overview } from '@shared/schemas/overview.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';

/** How often the home asks for its figures again, ms. Source: issue 13 "An operator's home". */
export const OVERVIEW_REFRESH_MS = 30_000;

/** Query keys of the operator's home. */
export const overviewKeys = {
  all: ['admin', 'overview'] as const,
};

/**
 * `GET /api/admin/overview` → the operator's home figures (open lots, bids in the last hour,
 * registrations waiting, unpaid orders, failed jobs, bids per minute). Rejects with the api
 * client's error. Source: issue 13 "An operator's home".
 */
export async function getOverview(signal?: AbortSignal): Promise<Overview> {
  return overviewSchema.parse(await apiGet('/api/admin/overview', undefined, { signal }));
}

/**
 * The home figures as a query: read every {@link OVERVIEW_REFRESH_MS}, also while the tab is
 * hidden (the home reads them again itself when the tab comes back into view).
 */
export const overviewQuery = () =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: overviewKeys.all,
    queryFn: ({ signal }) => getOverview(signal),
    refetchInterval: OVERVIEW_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
