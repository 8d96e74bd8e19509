import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';

/**
 * `POST /api/admin/lots/bulk {ids, action, reason?, auction_type_id?}`: withdraws the lots (with
 * the reason) or moves them to the sale, all or none. Resolves to the ids changed; rejects with the
 * api client's error (a 422 names the lots that cannot take the action).
 */
export async function bulkLots(
  body: { ids: number[]; action: 'withdraw'; reason: string } | { ids: number[]; action: 'move'; auction_type_id: number },
): Promise<number[]> {
  return z.object({ data: z.object({ ids: z.array(z.number()) }) }).parse(await apiSend('POST', '/api/admin/lots/bulk', body)).data.ids;
}
