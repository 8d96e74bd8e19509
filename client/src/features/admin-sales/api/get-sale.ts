import { saleDetailSchema, type SaleDetail } from '@shared/schemas/sale.schema';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/admin/sales/{id}` → the sale (every field, its figures) and all its lots in lot order.
 * Rejects with the api client's error (404 'Sale not found'). Source: issue 13 "Sales".
 */
export async function getSale(id: number): Promise<SaleDetail> {
  return saleDetailSchema.parse(await apiGet(`/api/admin/sales/${id}`));
}
