import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiSend } from '../../../lib/api-client';
import { lotKeys } from './query-keys';
import { storeLot } from './store-lot';

/**
 * `POST /api/admin/lots/{id}/relist {auction_type_id, date_from, date_to}` → the new lot an unsold
 * lot became in that sale (dates null: the sale's). Rejects with the api client's error.
 */
export async function relistLot(id: number, body: { auction_type_id: number; date_from: string | null; date_to: string | null }): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiSend('POST', `/api/admin/lots/${id}/relist`, body)).data;
}

/** Relists an unsold lot ({@link relistLot}); the new lot goes into the cache, the old one and the lists are read again. */
export function useRelistLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Parameters<typeof relistLot>[1] }) => relistLot(id, body),
    onSuccess: (lot, { id }) => {
      storeLot(queryClient, lot);
      void queryClient.invalidateQueries({ queryKey: lotKeys.detail(id) });
    },
  });
}
