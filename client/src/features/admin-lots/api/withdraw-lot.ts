import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiSend } from '../../../lib/api-client';

/** `POST /api/admin/lots/{id}/withdraw {reason}` → the lot, withdrawn (its leading bidder is told). Rejects with the api client's error. */
export async function withdrawLot(id: number, reason: string): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiSend('POST', `/api/admin/lots/${id}/withdraw`, { reason })).data;
}
