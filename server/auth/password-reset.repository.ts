import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Whether the user was sent a link that is still unused and was made less than `withinMs` ago. */
export async function hasRecentResetLink(db: Kysely<Database>, userId: number, withinMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Retires the user's unused links and stores a new one (its token's hash), valid for `ttlMs`. */
export async function storeResetLink(trx: Kysely<Database>, userId: number, tokenHash: string, ttlMs: number): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: sql<Date>`now() + make_interval(secs => ${ttlMs / 1000})` })
    .execute();
}

/**
 * Takes a link for use: marks it used when it is unused and unexpired, in one statement (two
 * tabs submitting the same link: one wins). @returns its user, or null.
 */
export async function consumeResetLink(trx: Kysely<Database>, tokenHash: string): Promise<number | null> {
  const row = await trx
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row ? Number(row.user_id) : null;
}

/** Sets a user's password hash. */
export async function setPasswordHash(trx: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}
