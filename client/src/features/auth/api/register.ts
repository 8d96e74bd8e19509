import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiSend, fieldMessages } from '../../../lib/api-client';
import { MESSAGES } from '@shared/messages';

/** Body of `POST /api/register`. Source: spec/accounts-and-shell.md §3 and §7. */
export interface RegisterPayload {
  name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  accept_terms?: boolean;
  accept_marketing?: boolean;
  'g-recaptcha-response': string | null;
  /** Also sign this browser in (remember false): the registration page's automatic sign-in. */
  start_session?: boolean;
}

const registerResponseSchema = z.object({
  success: z.boolean().optional(),
  data: z.object({ token: z.string().optional() }).passthrough().optional(),
});

/** How field errors of a 422 are joined: the modal joins with spaces, the page with commas. */
export type JoinStyle = 'spaces' | 'commas';

/**
 * `POST /api/register`. Resolves when the account exists (201). Rejects with an Error whose
 * message is the text to show: 422 → field messages joined; otherwise the server message,
 * default `fallback`; network → 'Network error. Please check your connection and try again.'.
 * Source: spec/accounts-and-shell.md §8.
 */
export async function registerAccount(payload: RegisterPayload, join: JoinStyle, fallback: string): Promise<void> {
  try {
    registerResponseSchema.parse(await apiSend('POST', '/api/register', payload));
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.isNetworkError) throw new Error(MESSAGES.networkError);
      if (e.status === 422) {
        const joined = fieldMessages(e.body).join(join === 'spaces' ? ' ' : ', ');
        if (joined) throw new Error(joined);
      }
      throw new Error(e.body?.message || fallback);
    }
    throw new Error(fallback);
  }
}

/** Creates an account ({@link registerAccount}): the payload, how a 422's messages are joined and the fallback text. */
export function useRegisterAccount() {
  return useMutation({
    mutationFn: ({ payload, join, fallback }: { payload: RegisterPayload; join: JoinStyle; fallback: string }) => registerAccount(payload, join, fallback),
  });
}
