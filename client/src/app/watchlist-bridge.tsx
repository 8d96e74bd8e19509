import { useSession } from '../features/auth/hooks/use-session';
import { useWatchlistSession } from '../features/watchlist/hooks/use-watchlist-session';

/**
 * Connects the session to the watchlist store (load on sign-in, clear on sign-out, live count
 * over the socket). Mounted once next to the router. Source: spec/accounts-and-shell.md §4.
 */
export function WatchlistBridge() {
  const { status, user } = useSession();
  useWatchlistSession(status, user?.id ?? null);
  return null;
}
