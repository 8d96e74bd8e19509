import type { Transaction } from 'kysely';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';
import type { BillingAddress, BillingAddressInput } from '@shared/schemas/profile.schema.js';
import { revokeOtherApiTokens, revokeOtherSessions } from '../auth/credentials.repository.js';
import { hashSecret } from '../auth/credentials.service.js';
import { findAuthUserById, isEmailTakenByOther, lockUserAccount, updateUserAccount, type AuthUser } from '../auth/user.repository.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { lockBillingAddress, upsertBillingAddress } from './profile.repository.js';

/** The user a profile command acts for (the account's owner). @throws AppError 401 for any other actor. */
function ownerOf(actor: Actor): number {
  if (actor.type === 'user' || actor.type === 'operator') return actor.id;
  throw AppError.unauthenticated();
}

/** Whether an error is PostgreSQL's unique violation. */
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** What {@link updateProfile} needs: the form's name and email, and the new password already hashed. */
export interface UpdateProfileInput {
  name: string;
  email: string;
  /** The output of `hashPassword` (server/auth/password.ts), computed before the command (scrypt is slow); null keeps the password. */
  passwordHash: string | null;
  /** The caller's own credential, kept signed in when the password changes: raw session cookie value or API token id. */
  keep?: { sessionId?: string; tokenId?: number };
}

/**
 * Command: updates the actor's name and email and, when `passwordHash` is given, the password.
 * A new password signs out every other session and revokes every other API token of the user
 * (the caller's own session or token, `keep`, stays). Event `user.profile_updated` with the
 * name and email before and after and `password_changed` (never the password or its hash);
 * no event when nothing changed.
 * @returns the refreshed user (roles and permissions included).
 * @throws AppError 422 `{errors: {email: ['The email has already been taken.']}}` when another
 * account uses the email (case-insensitive); 401 for an actor that is not a user; 404 when the
 * user no longer exists.
 * Source: spec/accounts-and-shell.md §2 "Account Information form", §5 "Profile", §7 `POST /profile`.
 */
export async function updateProfile(trx: Transaction<Database>, actor: Actor, input: UpdateProfileInput): Promise<CommandOutcome<AuthUser>> {
  const userId = ownerOf(actor);
  const emailTaken = () => AppError.validation({ email: [ACCOUNT_MESSAGES.emailTaken] });
  const before = await lockUserAccount(trx, userId);
  if (!before) throw AppError.notFound();
  if (await isEmailTakenByOther(trx, input.email, userId)) throw emailTaken();
  try {
    await updateUserAccount(trx, userId, { name: input.name, email: input.email, passwordHash: input.passwordHash });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  const passwordChanged = input.passwordHash !== null;
  if (passwordChanged) {
    await revokeOtherSessions(trx, userId, input.keep?.sessionId ? hashSecret(input.keep.sessionId) : undefined);
    await revokeOtherApiTokens(trx, userId, input.keep?.tokenId);
  }
  const user = await findAuthUserById(trx, userId);
  if (!user) throw AppError.notFound();
  const after = { name: input.name, email: input.email };
  const changed = passwordChanged || before.name !== after.name || before.email !== after.email;
  return {
    result: user,
    events: changed
      ? [
          domainEvent(
            'user.profile_updated',
            { type: 'user', id: userId },
            { user_id: userId, before: { name: before.name, email: before.email }, after, password_changed: passwordChanged },
          ),
        ]
      : [],
  };
}

/** The facts of a billing address an event records (its fields without the timestamp). */
function addressFacts(a: BillingAddress): Record<string, string | null> {
  return { address1: a.address1, town: a.town, state: a.state, zip: a.zip, country: a.country, email: a.email, phone: a.phone };
}

/**
 * Command: creates or replaces the actor's one billing address, from input already parsed by
 * `billingAddressInputSchema` (region in `town`, district in `state`, zip defaulted, country
 * Malawi); a blank `email` or `phone` keeps the stored one. Used by the profile's card and by
 * the checkout's save (`POST /api/me/billing-address`). Event `user.billing_address_changed`
 * with the address before (null when there was none) and after; no event when the stored
 * address did not change.
 * @returns the stored address.
 * @throws AppError 401 for an actor that is not a user.
 * Source: spec/accounts-and-shell.md §2 "Profile page" (Billing Address card), §7; spec/shopping.md §3, §7.
 */
export async function saveBillingAddress(trx: Transaction<Database>, actor: Actor, input: BillingAddressInput): Promise<CommandOutcome<BillingAddress>> {
  const userId = ownerOf(actor);
  const previous = await lockBillingAddress(trx, userId);
  const stored = await upsertBillingAddress(trx, userId, input);
  const before = previous ? addressFacts(previous) : null;
  const after = addressFacts(stored);
  const events: DomainEvent[] =
    JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [domainEvent('user.billing_address_changed', { type: 'user', id: userId }, { user_id: userId, before, after })];
  return { result: stored, events };
}
