import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LotView } from '@shared/schemas/lot.schema';
import { lotKeys } from './query-keys';

/**
 * Puts a lot as the server answered it into the cache (its page shows it at once) and marks the
 * lists stale, since its row, status or sale may have changed.
 */
export function storeLot(queryClient: QueryClient, lot: LotView): void {
  queryClient.setQueryData(lotKeys.detail(lot.id), lot);
  void queryClient.invalidateQueries({ queryKey: lotKeys.lists() });
}

/** {@link storeLot} bound to the app's query client. */
export function useStoreLot(): (lot: LotView) => void {
  const queryClient = useQueryClient();
  return (lot) => storeLot(queryClient, lot);
}
