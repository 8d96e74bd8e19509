import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiSend, fieldMessages } from '../../../lib/api-client';
import { MESSAGES } from '@shared/messages';
import type { PublicUser } from '@shared/schemas/auth.schema';
import { sessionUserSchema } from './get-session';

/** Body of `POST /login`. Source: spec/accounts-and-shell.md §3 "Login payload (session)". */
export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
  redirect?: string | null;
  /** Human-verification token; null until the verification issue lands. */
  captchaToken: string | null;
}

const loginResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema.nullable().optional(),
  redirect: z.string().nullable().optional(),
});

/** Result of a successful sign-in. */
export interface LoginResult {
  user: PublicUser | null;
  redirect: string | null;
}

/**
 * `POST /login` with the session cookie. Rejects with an Error whose message is the text to
 * show: 422 → every field message joined with spaces; other failures → the server message,
 * default 'Invalid login credentials. Please check your email and password.'; network →
 * 'Network error. Please check your connection and try again.'; anything else →
 * 'Login failed. Please try again.'. Source: spec/accounts-and-shell.md §8.
 */
export async function login(input: LoginInput): Promise<LoginResult> {
  let body: unknown;
  try {
    body = await apiSend('POST', '/login', {
      username: input.email.trim(),
      password: input.password,
      remember: input.remember,
      redirect: input.redirect ?? window.location.href,
      'g-recaptcha-response': input.captchaToken,
    });
  } catch (e) {
    throw new Error(loginErrorText(e));
  }
  const parsed = loginResponseSchema.safeParse(body);
  if (!parsed.success) throw new Error(MESSAGES.loginFailed);
  return { user: parsed.data.user ?? null, redirect: parsed.data.redirect ?? null };
}

/** Maps a failed sign-in to its display text. Source: spec/accounts-and-shell.md §8. */
export function loginErrorText(e: unknown): string {
  if (!(e instanceof ApiError)) return MESSAGES.loginFailed;
  if (e.isNetworkError) return MESSAGES.networkError;
  if (e.status === 422) {
    const joined = fieldMessages(e.body).join(' ');
    if (joined) return joined;
  }
  return e.body?.message || MESSAGES.invalidCredentials;
}

/** Signs in ({@link login}); the caller then reads the session again or reloads, which forgets the cached answers of any user before. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
