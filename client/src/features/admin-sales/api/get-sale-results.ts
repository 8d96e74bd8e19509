import { queryOptions } from '@tanstack/react-query';
import { saleResultsSchema, type SaleResults } from '@shared/schemas/sale-results.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { saleKeys } from './query-keys';

/** `GET /api/admin/sales/{id}/results` → the sale's results (outcomes, totals, top lots, every lot). Source: issue 13 "Settlement and results". */
export async function getSaleResults(id: number, signal?: AbortSignal): Promise<SaleResults> {
  return saleResultsSchema.parse(((await apiGet(`/api/admin/sales/${id}/results`, undefined, { signal })) as { data: unknown }).data);
}

/** A sale's results as a query. */
export const saleResultsQuery = (id: number) =>
  queryOptions({ ...operatorReadOptions, queryKey: saleKeys.results(id), queryFn: ({ signal }) => getSaleResults(id, signal) });
