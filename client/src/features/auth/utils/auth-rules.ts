import { schemaResolver } from '@mantine/form';
import type { VerificationState } from '../../../components/human-verification/human-verification';
import { ACCOUNT_MESSAGES as M } from '@shared/messages/accounts';
import { registrationFormSchema, sessionLoginInputSchema } from '@shared/schemas/auth.schema';

/** Values of the sign-in form. */
export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

const loginSchemaErrors = schemaResolver(sessionLoginInputSchema.pick({ username: true, password: true }), { sync: true });

/**
 * The sign-in form's field errors, from the server's `sessionLoginInputSchema` (its `username`
 * is the Email field): 'Email address is required.' or 'Please enter a valid email address',
 * 'Password is required.'. Empty when it may be sent. Source: spec/accounts-and-shell.md §5.
 */
export function loginFormErrors(v: Pick<LoginValues, 'email' | 'password'>): { email?: string; password?: string } {
  const errors = loginSchemaErrors({ username: v.email, password: v.password });
  const text = (e: React.ReactNode) => (typeof e === 'string' ? e : undefined);
  return { ...(errors.username ? { email: text(errors.username) } : {}), ...(errors.password ? { password: text(errors.password) } : {}) };
}

/** Values of the registration form, keyed as `registrationFormSchema` names them. */
export interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
  accept_terms: boolean;
  accept_marketing: boolean;
}

/** The spec's order of the registration rules: the fields, then the terms. */
const REGISTRATION_ORDER: readonly (keyof RegisterValues)[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'password_confirmation',
  'accept_terms',
];

const registrationSchemaErrors = schemaResolver(registrationFormSchema, { sync: true });

/**
 * The registration form's errors from the shared `registrationFormSchema` (the server's
 * registration fields plus first/last name and the terms), first message per field, keyed as
 * {@link RegisterValues}. Empty when the form may be sent (verification aside).
 */
export function registrationErrors(v: RegisterValues): Partial<Record<keyof RegisterValues, string>> {
  const found = registrationSchemaErrors(v);
  const errors: Partial<Record<keyof RegisterValues, string>> = {};
  for (const key of REGISTRATION_ORDER) if (typeof found[key] === 'string') errors[key] = found[key];
  return errors;
}

/**
 * First failing rule of the modal's registration form, checked in the spec's order (the rules
 * and texts are the schema's; the verification comes last), or null.
 * Source: spec/accounts-and-shell.md §5 "Registration (modal), checked in this order".
 */
export function firstRegistrationError(v: RegisterValues, captchaToken: string | null): string | null {
  const errors = registrationErrors(v);
  for (const key of REGISTRATION_ORDER) if (errors[key]) return errors[key];
  return captchaToken ? null : M.captchaRequired;
}

/**
 * The /register page's one message for a form it cannot send, or null: 'Please fill in all
 * required fields and ensure passwords match.' (spec §5 "Registration page"); a filled-in email
 * that is not an address, the only fault, gets the schema's text (what the server would answer).
 */
export function pageRegistrationError(v: RegisterValues): string | null {
  const errors = registrationErrors(v);
  const keys = Object.keys(errors);
  if (keys.length === 0) return null;
  if (keys.length === 1 && errors.email && v.email.trim()) return errors.email;
  return M.registerPageInvalid;
}

/** Form-level texts when the widget's token expires or fails. Source: spec §8 "Human verification". */
export function verificationStateText(state: VerificationState): string | null {
  if (state === 'expired') return M.captchaExpired;
  if (state === 'error') return M.captchaFailed;
  return null;
}

const VERIFICATION_TEXTS: readonly string[] = [M.captchaExpired, M.captchaFailed, M.captchaRequired];

/**
 * The form error after a widget state change: the state's text, or — once verified — no
 * verification text any more (other errors stay).
 */
export function nextErrorForVerification(state: VerificationState, current: string | null): string | null {
  const text = verificationStateText(state);
  if (text) return text;
  if (state === 'verified' && current && VERIFICATION_TEXTS.includes(current)) return null;
  return current;
}
