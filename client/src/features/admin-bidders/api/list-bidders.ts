import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { bidderPageSchema, type BidderPage } from '@shared/schemas/bidder.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { bidderKeys } from './query-keys';

/**
 * `GET /api/admin/users?search=&page=` → one page of users, newest account first, found by name,
 * e-mail, phone, registration reference or `#id`. Rejects with the api client's error (422 on a bad
 * query). Source: issue 13 "Bidders".
 */
export async function listBidders(query: { search?: string; page?: number }, signal?: AbortSignal): Promise<BidderPage> {
  const params = { ...(query.search ? { search: query.search } : {}), page: query.page ?? 1 };
  return bidderPageSchema.parse(await apiGet('/api/admin/users', params, { signal }));
}

/** One page of bidders as a query; the page shown stays while the next search or page is read. */
export const biddersQuery = (query: { search: string; page: number }) =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: bidderKeys.list(query),
    queryFn: ({ signal }) => listBidders(query, signal),
    placeholderData: keepPreviousData,
  });
