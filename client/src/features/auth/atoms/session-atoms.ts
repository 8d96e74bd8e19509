import { atom } from 'jotai';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { getSession } from '../api/get-session';
import { logout } from '../api/logout';
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
 */
export const refreshSessionAtom = atom(null, async (_get, set, opts?: { reconnect?: boolean }) => {
  try {
    const user = await getSession();
    set(sessionUserAtom, user);
    set(sessionStatusAtom, user ? 'authenticated' : 'guest');
  } catch (e) {
    console.warn('Session lookup failed', e);
    set(sessionUserAtom, null);
    set(sessionStatusAtom, 'guest');
  }
  if (opts?.reconnect) reconnectSocket();
});

/** Signs out (`POST /logout`), clears the user and reconnects the socket as a guest. */
export const logoutAtom = atom(null, async (_get, set) => {
  await logout();
  set(sessionUserAtom, null);
  set(sessionStatusAtom, 'guest');
  reconnectSocket();
});
