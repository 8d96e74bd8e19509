import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { ForgotPasswordInput, ResetPasswordInput } from '@shared/schemas/password-reset.schema';

/** `POST /api/password/forgot` → the message to show (the same whether or not the address has an account). Source: issue 16. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<string> {
  return ((await apiSend('POST', '/api/password/forgot', input)) as { message: string }).message;
}

/** `POST /api/password/reset` → the message to show. Rejects with the api client's error (422 `errors.token` / `errors.password`). */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  return ((await apiSend('POST', '/api/password/reset', input)) as { message: string }).message;
}

/** Asks for a password-reset link ({@link requestPasswordReset}). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Sets a new password with a reset link's token ({@link resetPassword}). */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
