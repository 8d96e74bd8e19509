import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { saleViewSchema, type SaleView } from '@shared/schemas/sale.schema';
import { apiSend } from '../../../lib/api-client';
import { saleKeys } from './query-keys';

/**
 * `POST /api/admin/sales/{id}/publish` → the published sale (bidders see it; its lots take bids and
 * close). Rejects with the api client's error: 409 when already published, 422 `errors.date_to`
 * when an online sale has no end ahead. Source: issue 13 "Sales".
 */
export async function publishSale(id: number): Promise<SaleView> {
  return z.object({ data: saleViewSchema }).parse(await apiSend('POST', `/api/admin/sales/${id}/publish`)).data;
}

/** Publishes a draft sale ({@link publishSale}); the sale, its results and the lists are read again. */
export function usePublishSale() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishSale, onSuccess: () => void queryClient.invalidateQueries({ queryKey: saleKeys.all }) });
}
