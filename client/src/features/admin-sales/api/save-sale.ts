import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { saleViewSchema, type SaleView } from '@shared/schemas/sale.schema';
import { apiSend } from '../../../lib/api-client';
import { saleKeys } from './query-keys';

/** A sale's fields as the form sends them (JSON; times ISO 8601, amounts in MWK, null: none). */
export type SaleBody = Record<string, string | number | boolean | null>;

const answerSchema = z.object({ data: saleViewSchema });

/**
 * `POST /api/admin/sales` (`id` null: a new draft) or `PATCH /api/admin/sales/{id}` (the fields
 * given) → the sale as saved. Rejects with the api client's error: a 422 carries `errors` by field.
 * Source: issue 13 "Sales".
 */
export async function saveSale(id: number | null, body: SaleBody): Promise<SaleView> {
  const answer = id === null ? await apiSend('POST', '/api/admin/sales', body) : await apiSend('PATCH', `/api/admin/sales/${id}`, body);
  return answerSchema.parse(answer).data;
}

/** Saves a sale ({@link saveSale}); the sale, its results and the lists are read again. */
export function useSaveSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaleBody }) => saveSale(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: saleKeys.all }),
  });
}
