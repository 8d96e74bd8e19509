import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiSend } from '../../../lib/api-client';

/** `POST /api/admin/lots/{id}/duplicate` → the new copy (same sale, fields and pictures; no code). Rejects with the api client's error. */
export async function duplicateLot(id: number): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiSend('POST', `/api/admin/lots/${id}/duplicate`)).data;
}
