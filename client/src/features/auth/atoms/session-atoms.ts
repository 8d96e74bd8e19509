import { atom } from 'jotai';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { ApiError } from '../../../lib/api-client';
import { getSession, sessionUserSchema } from '../api/get-session';
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

/** Where the device keeps the last signed-in user, for reading Gavel offline as them. */
const LAST_USER_KEY = 'gavel:last-user';

/** Keeps `user` on the device (null forgets it); a browser that refuses storage keeps nothing. */
function rememberUser(user: PublicUser | null): void {
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Private mode or storage full: offline, the app then shows a guest.
  }
}

/** The user this device last saw signed in, or null. */
function rememberedUser(): PublicUser | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    const parsed = raw ? sessionUserSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** True when a user is signed in. */
export const isAuthenticatedAtom = atom((get) => get(sessionUserAtom) !== null);

/**
 * Re-reads `GET /api/user-session` and stores the answer. A failed lookup clears the state
 * (only logged), except when the server could not be reached at all (offline): then the user
 * this device last saw signed in stays signed in, so a bidder reading stored lots offline still
 * sees their own account (the server decides again once it answers). Pass `reconnect: true`
 * after sign-in/out so the socket is re-authenticated. When the user changes, the cached
 * answers of the one before are forgotten first. Source: spec/accounts-and-shell.md §4
 * "Authentication"; issue 17 (installable and offline).
 */
export const refreshSessionAtom = atom(null, async (get, set, opts?: { reconnect?: boolean }) => {
  const before = get(sessionUserAtom)?.id ?? null;
  let user: PublicUser | null = null;
  try {
    user = await getSession();
    rememberUser(user);
  } catch (e) {
    console.warn('Session lookup failed', e);
    const known = e instanceof ApiError && e.isNetworkError ? (get(sessionUserAtom) ?? rememberedUser()) : null;
    if (known) {
      set(sessionUserAtom, known);
      set(sessionStatusAtom, 'authenticated');
      return;
    }
  }
  if ((user?.id ?? null) !== before) forgetAccountQueries(queryClient);
  set(sessionUserAtom, user);
  set(sessionStatusAtom, user ? 'authenticated' : 'guest');
  if (opts?.reconnect) reconnectSocket();
});

/** Signs out (`POST /logout`), forgets the user's cached answers, clears the user and reconnects the socket as a guest. */
export const logoutAtom = atom(null, async (_get, set) => {
  await logout();
  rememberUser(null);
  forgetAccountQueries(queryClient);
  set(sessionUserAtom, null);
  set(sessionStatusAtom, 'guest');
  reconnectSocket();
});
