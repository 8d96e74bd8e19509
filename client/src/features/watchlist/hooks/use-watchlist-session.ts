import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { getSocket } from '../../../lib/socket';
import { watchlistCountEventSchema } from '@shared/events';
import { clearWatchlistAtom, loadWatchlistAtom, syncWatchlistCountAtom } from '../atoms/watchlist-atoms';

/**
 * Keeps the watchlist store in step with the session and other tabs: loads it when the user
 * becomes signed in, clears it when not; the socket's `watchlist:count` (room `user:{id}`) syncs
 * the count and, when it differs, the list — so a second tab or device follows within a second,
 * no polling. On every (re)connect the count is asked again (events may have been missed).
 * Mount once in the app layer. Source: spec/accounts-and-shell.md §4; DESIGN.md socket contract.
 */
export function useWatchlistSession(status: 'loading' | 'authenticated' | 'guest', userId: number | null): void {
  const load = useSetAtom(loadWatchlistAtom);
  const clear = useSetAtom(clearWatchlistAtom);
  const sync = useSetAtom(syncWatchlistCountAtom);

  useEffect(() => {
    if (status === 'authenticated') void load();
    else if (status === 'guest') clear();
  }, [status, userId, load, clear]);

  useEffect(() => {
    if (status !== 'authenticated') return;
    const socket = getSocket();
    const onCount = (raw: unknown) => {
      const parsed = watchlistCountEventSchema.safeParse(raw);
      if (parsed.success) void sync(parsed.data.count);
    };
    const onConnect = () => void sync();
    socket.on('watchlist:count', onCount);
    socket.on('connect', onConnect);
    return () => {
      socket.off('watchlist:count', onCount);
      socket.off('connect', onConnect);
    };
  }, [status, userId, sync]);
}
