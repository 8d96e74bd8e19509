import { z } from 'zod';
import { saleLotSchema, type SaleLot } from '@shared/schemas/sale.schema';
import { apiSend } from '../../../lib/api-client';

/**
 * `PATCH /api/admin/sales/{id}/lots {item_ids}`: every lot of the sale in its new order (lot 1
 * first) → the lots with their new numbers and (staggered sales) their new ends. Rejects with the
 * api client's error. Source: issue 13 "Sales" (drag to reorder; lot numbers follow).
 */
export async function reorderSaleLots(id: number, itemIds: number[]): Promise<SaleLot[]> {
  return z.object({ data: z.array(saleLotSchema) }).parse(await apiSend('PATCH', `/api/admin/sales/${id}/lots`, { item_ids: itemIds })).data;
}
