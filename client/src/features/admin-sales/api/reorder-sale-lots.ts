import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { saleLotSchema, type SaleDetail, type SaleLot } from '@shared/schemas/sale.schema';
import { apiSend } from '../../../lib/api-client';
import { saleKeys } from './query-keys';

/**
 * `PATCH /api/admin/sales/{id}/lots {item_ids}`: every lot of the sale in its new order (lot 1
 * first) → the lots with their new numbers and (staggered sales) their new ends. Rejects with the
 * api client's error. Source: issue 13 "Sales" (drag to reorder; lot numbers follow).
 */
export async function reorderSaleLots(id: number, itemIds: number[]): Promise<SaleLot[]> {
  return z.object({ data: z.array(saleLotSchema) }).parse(await apiSend('PATCH', `/api/admin/sales/${id}/lots`, { item_ids: itemIds })).data;
}

/**
 * Saves a sale's new lot order ({@link reorderSaleLots}): the lots as the server numbered them
 * show on its page at once, and the sale (its figures follow the order) and its results are read again.
 */
export function useReorderSaleLots(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: number[]) => reorderSaleLots(id, itemIds),
    onSuccess: (lots) => {
      queryClient.setQueryData<SaleDetail>(saleKeys.detail(id), (d) => (d ? { ...d, lots } : d));
      void queryClient.invalidateQueries({ queryKey: saleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: saleKeys.results(id) });
      void queryClient.invalidateQueries({ queryKey: saleKeys.lists() });
    },
  });
}
