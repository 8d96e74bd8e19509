import { queryOptions } from '@tanstack/react-query';
import { saleDetailSchema, type SaleDetail } from '@shared/schemas/sale.schema';
import { apiGet } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { saleKeys } from './query-keys';

/**
 * `GET /api/admin/sales/{id}` → the sale (every field, its figures) and all its lots in lot order.
 * Rejects with the api client's error (404 'Sale not found'). Source: issue 13 "Sales".
 */
export async function getSale(id: number, signal?: AbortSignal): Promise<SaleDetail> {
  return saleDetailSchema.parse(await apiGet(`/api/admin/sales/${id}`, undefined, { signal }));
}

/** A sale's page as a query. */
export const saleQuery = (id: number) => queryOptions({ ...operatorReadOptions, queryKey: saleKeys.detail(id), queryFn: ({ signal }) => getSale(id, signal) });
