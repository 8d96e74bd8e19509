import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiSend } from '../../../lib/api-client';
import { storeLot } from './store-lot';

/** `POST /api/admin/lots/{id}/duplicate` → the new copy (same sale, fields and pictures; no code). Rejects with the api client's error. */
export async function duplicateLot(id: number): Promise<LotView> {
  return z.object({ data: lotViewSchema }).parse(await apiSend('POST', `/api/admin/lots/${id}/duplicate`)).data;
}

/** Copies a lot ({@link duplicateLot}); the copy goes into the cache and the lists are read again. */
export function useDuplicateLot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: duplicateLot, onSuccess: (lot) => storeLot(queryClient, lot) });
}
