import { saleResultsSchema, type SaleResults } from '@shared/schemas/sale-results.schema';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/admin/sales/{id}/results` → the sale's results (outcomes, totals, top lots, every lot). Source: issue 13 "Settlement and results". */
export async function getSaleResults(id: number): Promise<SaleResults> {
  return saleResultsSchema.parse(((await apiGet(`/api/admin/sales/${id}/results`)) as { data: unknown }).data);
}
