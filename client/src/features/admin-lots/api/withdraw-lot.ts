import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiSend } from '../../../lib/api-client';
import { storeLot } from './store-lot';

/** `POST /api/admin/lots/{id}/withdraw {reason}` → the lot, withdrawn (its leading bidder is told). Rejects with the api client's error. */
export async function withdrawLot(id: number, reason: string): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiSend('POST', `/api/admin/lots/${id}/withdraw`, { reason })).data;
}

/** Withdraws a lot ({@link withdrawLot}); the answer goes into the cache and the lists are read again. */
export function useWithdrawLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => withdrawLot(id, reason),
    onSuccess: (lot) => storeLot(queryClient, lot),
  });
}
