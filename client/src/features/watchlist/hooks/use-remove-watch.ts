import { useSetAtom } from 'jotai';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { WATCHLIST_MESSAGES } from '@shared/messages/watchlist';
import { removeFromWatchlistAtom } from '../atoms/watchlist-atoms';

/** Removes an item from the watchlist with the spec's toasts (success, or 'Failed to update watchlist'). */
export function useRemoveWatch(): (itemId: number) => Promise<void> {
  const remove = useSetAtom(removeFromWatchlistAtom);
  return async (itemId: number) => {
    const res = await remove(itemId);
    if (res.ok) notifySuccess(WATCHLIST_MESSAGES.removed);
    else if (!res.needsSignIn) notifyError(res.error ?? WATCHLIST_MESSAGES.failedToRemove, WATCHLIST_MESSAGES.failedToUpdate);
  };
}
