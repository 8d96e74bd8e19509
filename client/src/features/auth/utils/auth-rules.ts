import type { VerificationState } from '../../../components/human-verification/human-verification';
import { ACCOUNT_MESSAGES as M } from '@shared/messages/accounts';

/** Values of the registration form. */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
  acceptMarketing: boolean;
}

/**
 * First failing rule of the modal's registration form, checked in the spec's order, or null.
 * Source: spec/accounts-and-shell.md §5 "Registration (modal), checked in this order".
 */
export function firstRegistrationError(v: RegisterValues, captchaToken: string | null): string | null {
  if (!v.firstName.trim()) return M.firstNameRequired;
  if (!v.lastName.trim()) return M.lastNameRequired;
  if (!v.email.trim()) return M.emailRequired;
  if (!v.phone.trim()) return M.phoneRequired;
  if (!v.password) return M.passwordRequired;
  if (v.password.length < 4) return M.passwordTooShort;
  if (v.password !== v.passwordConfirmation) return M.passwordsDoNotMatch;
  if (!v.acceptTerms) return M.acceptTerms;
  if (!captchaToken) return M.captchaRequired;
  return null;
}

/** Page rule: all fields, 4+ character password, matching confirmation, terms. Source: §5 "Registration page". */
export function pageValid(v: RegisterValues): boolean {
  return (
    !!v.firstName.trim() &&
    !!v.lastName.trim() &&
    !!v.email.trim() &&
    !!v.phone.trim() &&
    v.password.length >= 4 &&
    v.password === v.passwordConfirmation &&
    v.acceptTerms
  );
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
