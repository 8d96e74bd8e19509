import { apiSend } from '../../../lib/api-client';

/** Local-storage key of the bearer token. Source: spec/accounts-and-shell.md §9 "auth_token". */
export const AUTH_TOKEN_KEY = 'auth_token';

/** The stored bearer token, or null. */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Signs out everywhere this browser is signed in: `POST /logout` (cookie session), then
 * `POST /api/logout` with the bearer token when one is stored; clears the stored token.
 * Resolves even when a credential had already ended. Source: spec/accounts-and-shell.md §4, §7.
 */
export async function logout(): Promise<void> {
  try {
    await apiSend('POST', '/logout');
  } catch {
    // An expired session is already signed out: the client clears its state either way.
  }
  const token = readStoredToken();
  if (token) {
    try {
      await fetch('/api/logout', { method: 'POST', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    } catch {
      // Offline: the token expires on its own; it is forgotten here.
    }
  }
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing stored.
  }
}
