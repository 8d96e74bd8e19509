import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { saleViewSchema, type SaleView } from '@shared/schemas/sale.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { saleKeys } from './query-keys';

/** Filters of the sales list: kind, draft or published, words of the name (empty: any). */
export interface SalesFilter {
  kind?: 'cash' | 'online' | 'live' | '';
  status?: 'draft' | 'published' | '';
  search?: string;
}

/**
 * `GET /api/admin/sales?kind=&status=&search=` → every sale that matches (drafts too), newest
 * first, each with its figures. Rejects with the api client's error. Source: issue 13 "Sales".
 */
export async function listSales(filter: SalesFilter = {}, signal?: AbortSignal): Promise<SaleView[]> {
  const body = await apiGet('/api/admin/sales', { kind: filter.kind, status: filter.status, search: filter.search?.trim() }, { signal });
  return z.object({ data: z.array(saleViewSchema) }).parse(body).data;
}

/** The sales matching `filter` as a query, keyed by every filter; the rows shown stay while the next are read. */
export const salesQuery = (filter: SalesFilter) =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: saleKeys.list(filter),
    queryFn: ({ signal }) => listSales(filter, signal),
    placeholderData: keepPreviousData,
  });
