import type { Transaction } from 'kysely';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { findUserByEmail, insertCustomer } from './user.repository.js';

/** What {@link registerUser} needs: the form's fields with the password already hashed. */
export interface RegisterUserInput {
  name: string;
  email: string;
  phone: string | null;
  /** The output of `hashPassword` (server/auth/password.ts), computed before the command: scrypt is slow. */
  passwordHash: string;
  /** How the account was asked for, for the audit trail: 'register_page' (the page, which signs in) or 'api'. */
  via: string;
}

/** Whether an error is PostgreSQL's unique violation. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * Command: creates a customer account (role `customer`, so `place_bids`). Run as the visitor
 * who sent the form: a guest (`{type: 'guest'}`), or the user already signed in. Event `user.registered` about the new user with its id,
 * email, name and `via`; never the password or its hash. Sessions and API tokens for the new
 * account are credential mechanics, issued by the caller after the commit.
 * @returns `{userId}` of the new account.
 * @throws AppError 422 `{errors: {email: ['The email has already been taken.']}}` when an account
 * uses the email (case-insensitive), including one created concurrently.
 * Source: spec/accounts-and-shell.md §3 "User", §5 "Registration", §7 `POST /api/register`.
 */
export async function registerUser(trx: Transaction<Database>, _actor: Actor, input: RegisterUserInput): Promise<CommandOutcome<{ userId: number }>> {
  const emailTaken = () => AppError.validation({ email: [ACCOUNT_MESSAGES.emailTaken] });
  if (await findUserByEmail(trx, input.email)) throw emailTaken();
  let userId: number;
  try {
    userId = await insertCustomer(trx, { name: input.name, email: input.email, phone: input.phone, passwordHash: input.passwordHash });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  return {
    result: { userId },
    events: [domainEvent('user.registered', { type: 'user', id: userId }, { user_id: userId, email: input.email.trim(), name: input.name, via: input.via })],
  };
}
