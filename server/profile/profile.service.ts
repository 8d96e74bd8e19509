import { sql, type Kysely } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../shared/messages/accounts.js';
import type { ProfileInput } from '../../shared/schemas/profile.schema.js';
import { hashSecret } from '../auth/credentials.service.js';
import { hashPassword } from '../auth/password.js';
import { findAuthUserById, type AuthUser } from '../auth/user.repository.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';

/**
 * Updates a customer's name and email and, when a password is given, the password. A new
 * password signs out every other session and revokes every other API token of the user (the
 * caller's own session or token, `keep`, stays). Returns the refreshed user.
 * @throws AppError 422 `{errors: {email: ['The email has already been taken.']}}` when another
 * account uses the email (case-insensitive).
 * Source: spec/accounts-and-shell.md §2 "Account Information form", §5 "Profile", §7 `POST /profile`.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  input: ProfileInput,
  keep: { sessionId?: string; tokenId?: number } = {},
): Promise<AuthUser> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) throw AppError.validation({ email: [ACCOUNT_MESSAGES.emailTaken] });
      await trx
        .updateTable('users')
        .set({ name: input.name, email: input.email, updated_at: sql`now()`, ...(passwordHash ? { password_hash: passwordHash } : {}) })
        .where('id', '=', userId)
        .execute();
      if (passwordHash) {
        let sessions = trx.updateTable('sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
        if (keep.sessionId) sessions = sessions.where('id', '!=', hashSecret(keep.sessionId));
        await sessions.execute();
        let tokens = trx.updateTable('api_tokens').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null);
        if (keep.tokenId) tokens = tokens.where('id', '!=', keep.tokenId);
        await tokens.execute();
      }
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw AppError.validation({ email: [ACCOUNT_MESSAGES.emailTaken] });
    throw err;
  }
  const user = await findAuthUserById(db, userId);
  if (!user) throw AppError.notFound();
  return user;
}
