import { useMutation } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import { ApiError, apiSend, fieldMessages } from '../../../lib/api-client';

/** The success page's sign-up form. Source: spec/shopping.md §3 "Registration form (success page)". */
export interface GuestSignup {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
  acceptMarketing: boolean;
}

/** localStorage key of the auth token stored after a success-page registration. Source: spec §4. */
export const AUTH_TOKEN_KEY = 'auth_token';

/**
 * `POST /api/register {name, phone, email, password, password_confirmation,
 * g-recaptcha-response}`, then the automatic sign-in (`POST /login`, remember false). Stores the
 * token. Rejects with the text to show: field errors joined with commas, the server message, or
 * 'Registration failed. Please try again.'. Source: spec/shopping.md §4, §7, §8.
 */
export async function registerGuest(form: GuestSignup, verificationToken: string | null): Promise<void> {
  let token: string | undefined;
  try {
    const body = (await apiSend('POST', '/api/register', {
      name: `${form.firstName} ${form.lastName}`.trim(),
      phone: form.phone,
      email: form.email,
      password: form.password,
      password_confirmation: form.passwordConfirmation,
      accept_terms: form.acceptTerms,
      accept_marketing: form.acceptMarketing,
      'g-recaptcha-response': verificationToken,
    })) as { data?: { token?: string } } | null;
    token = body?.data?.token;
  } catch (e) {
    if (e instanceof ApiError) {
      const joined = fieldMessages(e.body).join(', ');
      throw new Error(joined || e.body?.message || M.signupFailed);
    }
    throw new Error(M.unexpected);
  }
  if (token) {
    try {
      localStorage.setItem(AUTH_TOKEN_KEY, token);
    } catch {
      /* ignore */
    }
  }
  try {
    await apiSend('POST', '/login', { username: form.email, password: form.password, remember: false });
  } catch {
    /* the account exists; signing in can happen later */
  }
}

/** Creates the guest's account and signs it in ({@link registerGuest}); the app then reads the session again. */
export function useRegisterGuest() {
  return useMutation({
    mutationFn: ({ form, verificationToken }: { form: GuestSignup; verificationToken: string | null }) => registerGuest(form, verificationToken),
  });
}
