import type { Transaction } from 'kysely';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { hashSecret, newSecret } from './credentials.service.js';
import { revokeOtherApiTokens, revokeOtherSessions } from './credentials.repository.js';
import { consumeResetLink, hasRecentResetLink, setPasswordHash, storeResetLink } from './password-reset.repository.js';
import { findUserByEmail } from './user.repository.js';

/** How long a reset link works: 60 minutes. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
/** A second request within this time sends no second mail (the first link still works). */
const RESEND_AFTER_MS = 2 * 60_000;

/**
 * Command (a guest): a password reset link for the account with this e-mail address. When there
 * is one (and no link was sent in the last 2 minutes) a new single-use token is made, the
 * earlier unused links retired, and only its SHA-256 stored; event `user.password_reset_requested`.
 * Answers the same whether or not the address has an account (the router says so to everyone).
 * @returns the user and the raw token to mail, or null when nothing is to be sent.
 * Source: issue 16 "Mail the product already promises".
 */
export async function requestPasswordReset(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { email: string },
): Promise<CommandOutcome<{ userId: number; name: string; email: string; token: string } | null>> {
  const user = await findUserByEmail(trx, input.email);
  if (!user || (await hasRecentResetLink(trx, user.id, RESEND_AFTER_MS))) return { result: null, events: [] };
  const token = newSecret();
  await storeResetLink(trx, user.id, hashSecret(token), RESET_LINK_TTL_MS);
  return {
    result: { userId: user.id, name: user.name, email: user.email, token },
    events: [domainEvent('user.password_reset_requested', { type: 'user', id: user.id }, { user_id: user.id }, { type: 'user', id: user.id })],
  };
}

/**
 * Command (a guest holding a link): sets a new password from a reset link's token (hashed with
 * `hashPassword` before the command), used once; every session and API token of the user is
 * revoked. Event `user.password_reset` (never the password).
 * @returns the user whose password changed.
 * @throws AppError 422 `{errors: {token: [ACCOUNT_MESSAGES.resetLinkInvalid]}}` for an unknown,
 *   used or expired link.
 */
export async function resetPassword(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { token: string; passwordHash: string },
): Promise<CommandOutcome<{ userId: number }>> {
  const userId = await consumeResetLink(trx, hashSecret(input.token));
  if (userId == null) throw AppError.validation({ token: [ACCOUNT_MESSAGES.resetLinkInvalid] }, ACCOUNT_MESSAGES.resetLinkInvalid);
  await setPasswordHash(trx, userId, input.passwordHash);
  await revokeOtherSessions(trx, userId);
  await revokeOtherApiTokens(trx, userId);
  return {
    result: { userId },
    events: [domainEvent('user.password_reset', { type: 'user', id: userId }, { user_id: userId }, { type: 'user', id: userId })],
  };
}
