import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lotsPageSchema, type LotsPage } from '@shared/schemas/lot.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { lotKeys } from './query-keys';

/** Filters of the lots list (empty: any), and the page. */
export interface LotsFilter {
  search?: string;
  auction_type_id?: string | null;
  kind?: string | null;
  branch_id?: string | null;
  status?: string | null;
  has_pictures?: string | null;
  page?: number;
  per_page?: number;
}

/**
 * `GET /api/admin/lots?search=&auction_type_id=&kind=&branch_id=&status=&has_pictures=&page=&per_page=`
 * → one page of lots (every status), newest first, with `meta` (the spec's pagination). Rejects
 * with the api client's error. Source: issue 13 "Lots (items)".
 */
export async function listLots(filter: LotsFilter, signal?: AbortSignal): Promise<LotsPage> {
  const body = await apiGet(
    '/api/admin/lots',
    {
      search: filter.search?.trim(),
      auction_type_id: filter.auction_type_id,
      kind: filter.kind,
      branch_id: filter.branch_id,
      status: filter.status,
      has_pictures: filter.has_pictures,
      page: filter.page,
      per_page: filter.per_page,
    },
    { signal },
  );
  return lotsPageSchema.parse(body);
}

/** One page of lots as a query, keyed by every filter; the page shown stays while the next is read. */
export const lotsQuery = (filter: LotsFilter) =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: lotKeys.list(filter),
    queryFn: ({ signal }) => listLots(filter, signal),
    placeholderData: keepPreviousData,
  });
