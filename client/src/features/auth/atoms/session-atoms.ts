import { atom } from 'jotai';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { getSession } from '../api/get-session';
import { logout } from '../api/logout';
import { forgetAccountQueries } from '../../../lib/account-queries';
import { queryClient } from '../../../lib/query-client';
import { reconnectSocket } from '../../../lib/socket';

/** Where the session lookup stands: not yet known, signed in, or guest. */
export type SessionStatus = 'loading' | 'authenticated' | 'guest';

/** The signed-in user, or null. Source: spec/accounts-and-shell.md §4 "Authentication". */
export const sessionUserAtom = atom<PublicUser | null>(null);

/** Status of the session lookup. */
export const sessionStatusAtom = atom<SessionStatus>('loading');

/** True when a user is signed in. */
export const isAuthenticatedAtom = atom((get) => get(sessionUserAtom) !== null);

/**
 * Re-reads `GET /api/user-session` and stores the answer. A failed lookup clears the state
 * (only logged). Pass `reconnect: true` after sign-in/out so the socket is re-authenticated.
 * When the user changes, the cached answers of the one before are forgotten first.
 */
export const refreshSessionAtom = atom(null, async (get, set, opts?: { reconnect?: boolean }) => {
  const before = get(sessionUserAtom)?.id ?? null;
  let user: PublicUser | null = null;
  try {
    user = await getSession();
  } catch (e) {
    console.warn('Session lookup failed', e);
  }
  if ((user?.id ?? null) !== before) forgetAccountQueries(queryClient);
  set(sessionUserAtom, user);
  set(sessionStatusAtom, user ? 'authenticated' : 'guest');
  if (opts?.reconnect) reconnectSocket();
});

/** Signs out (`POST /logout`), forgets the user's cached answers, clears the user and reconnects the socket as a guest. */
export const logoutAtom = atom(null, async (_get, set) => {
  await logout();
  forgetAccountQueries(queryClient);
  set(sessionUserAtom, null);
  set(sessionStatusAtom, 'guest');
  reconnectSocket();
});
