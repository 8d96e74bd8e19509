import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/admin/lots/{id}` → the lot with every field and its pictures. Rejects with the api client's error (404 'Lot not found'). */
export async function getLot(id: number): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiGet(`/api/admin/lots/${id}`)).data;
}
