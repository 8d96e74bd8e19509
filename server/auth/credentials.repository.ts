import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * Stores a new session row. `idHash` is the SHA-256 (hex) of the cookie value, never the value
 * itself; `userAgent` is cut to 300 characters; `expiresAt` is the absolute expiry.
 */
export async function insertSession(
  db: Kysely<Database>,
  row: { idHash: string; userId: number; remember: boolean; ip: string | null; userAgent: string | null; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: row.idHash,
      user_id: row.userId,
      remember: row.remember,
      ip_address: row.ip,
      user_agent: row.userAgent?.slice(0, 300) ?? null,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Marks the session whose id hash is `idHash` revoked (now). No-op when unknown. */
export async function revokeSessionByHash(db: Kysely<Database>, idHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', idHash)
    .execute();
}

/** Sliding expiry: records that the session `idHash` was seen now and moves its expiry to `expiresAt`. */
export async function touchSessionByHash(db: Kysely<Database>, idHash: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()`, expires_at: expiresAt })
    .where('id', '=', idHash)
    .execute();
}

/**
 * Revokes every live session of a user except the one whose id hash is `keepIdHash` (the
 * caller's own, when it signed in with a cookie). Runs in the caller's transaction.
 */
export async function revokeOtherSessions(db: Kysely<Database>, userId: number, keepIdHash?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepIdHash) query = query.where('id', '!=', keepIdHash);
  await query.execute();
}

/** Stores a new API token row: only the token's SHA-256 (hex) `tokenHash`; `expiresAt` absolute. */
export async function insertApiToken(db: Kysely<Database>, row: { userId: number; name: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('api_tokens').values({ user_id: row.userId, name: row.name, token_hash: row.tokenHash, expires_at: row.expiresAt }).execute();
}

/** Marks the API token `tokenId` revoked (now). No-op when unknown. */
export async function revokeApiTokenById(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', tokenId)
    .execute();
}

/**
 * Revokes every live API token of a user except `keepTokenId` (the caller's own, when it came
 * with a bearer token). Runs in the caller's transaction.
 */
export async function revokeOtherApiTokens(db: Kysely<Database>, userId: number, keepTokenId?: number): Promise<void> {
  let query = db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenId) query = query.where('id', '!=', keepTokenId);
  await query.execute();
}
