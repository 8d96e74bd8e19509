import { apiSend } from '../../../lib/api-client';

/** `POST /logout`: ends the cookie session. Resolves even when the session had already ended. */
export async function logout(): Promise<void> {
  try {
    await apiSend('POST', '/logout');
  } catch {
    // An expired session is already signed out: the client clears its state either way.
  }
}
