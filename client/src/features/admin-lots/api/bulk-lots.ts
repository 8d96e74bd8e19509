import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiSend } from '../../../lib/api-client';
import { lotKeys } from './query-keys';

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

/** Withdraws or moves lots at once ({@link bulkLots}); every cached lot and list is read again. */
export function useBulkLots() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkLots, onSuccess: () => void queryClient.invalidateQueries({ queryKey: lotKeys.all }) });
}
