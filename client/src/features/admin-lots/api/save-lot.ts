import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { lotViewSchema, type LotView } from '@shared/schemas/lot.schema';
import { apiSend } from '../../../lib/api-client';
import { storeLot } from './store-lot';

/** A lot's fields as the form sends them (JSON; times ISO 8601, amounts in whole MWK, null: none). */
export type LotBody = Record<string, string | number | boolean | null>;

const answerSchema = z.object({ data: lotViewSchema });

/**
 * `POST /api/admin/lots` (`id` null: a new lot) or `PATCH /api/admin/lots/{id}` (the fields given)
 * → the lot as saved. Rejects with the api client's error: a 422 carries `errors` by field.
 * Source: issue 13 "Lots (items)".
 */
export async function saveLot(id: number | null, body: LotBody): Promise<LotView> {
  const answer = id === null ? await apiSend('POST', '/api/admin/lots', body) : await apiSend('PATCH', `/api/admin/lots/${id}`, body);
  return answerSchema.parse(answer).data;
}

/** Saves a lot ({@link saveLot}); the answer goes into the cache and the lists are read again. */
export function useSaveLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LotBody }) => saveLot(id, body),
    onSuccess: (lot) => storeLot(queryClient, lot),
  });
}
