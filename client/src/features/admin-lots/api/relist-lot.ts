import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiSend } from '../../../lib/api-client';

/**
 * `POST /api/admin/lots/{id}/relist {auction_type_id, date_from, date_to}` → the new lot an unsold
 * lot became in that sale (dates null: the sale's). Rejects with the api client's error.
 */
export async function relistLot(id: number, body: { auction_type_id: number; date_from: string | null; date_to: string | null }): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiSend('POST', `/api/admin/lots/${id}/relist`, body)).data;
}
