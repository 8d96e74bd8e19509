import { useAtomValue } from 'jotai';
import { sessionStatusAtom, sessionUserAtom } from '../atoms/session-atoms';

/** The signed-in user (or null) and the lookup status. */
export function useSession() {
  const user = useAtomValue(sessionUserAtom);
  const status = useAtomValue(sessionStatusAtom);
  return { user, status, isAuthenticated: user !== null };
}
