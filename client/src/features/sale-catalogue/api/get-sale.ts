import { z } from 'zod';
import { publicSaleSchema, type PublicSale } from '@shared/schemas/sale.schema';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/sales/{id}` → a published sale as bidders see it (its kind, dates, deposit, premium,
 * closing and number of lots). Rejects with the api client's error (404 'Sale not found', also for
 * a draft). Source: issue 13 "Sales".
 */
export async function getSale(id: number): Promise<PublicSale> {
  return parseSaleAnswer(await apiGet(`/api/sales/${id}`));
}

/** The sale of an answer of `GET /api/sales/{id}` (`{data}`). @throws ZodError on another shape. */
export function parseSaleAnswer(answer: unknown): PublicSale {
  return z.object({ data: publicSaleSchema }).parse(answer).data;
}
