import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** SHA-256 of a secret, hex. Sessions and API tokens are stored only as this hash. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A random URL-safe secret of 32 bytes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a session for a user and returns the cookie value (the raw id; only its hash is
 * stored). `ttlMs` sets the expiry (short, or long with "remember me").
 */
export async function createSession(
  db: Kysely<Database>,
  input: { userId: number; remember: boolean; ttlMs: number; ip?: string; userAgent?: string },
): Promise<{ id: string; expiresAt: Date }> {
  const id = newSecret();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await db
    .insertInto('sessions')
    .values({
      id: hashSecret(id),
      user_id: input.userId,
      remember: input.remember,
      ip_address: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      expires_at: expiresAt,
    })
    .execute();
  return { id, expiresAt };
}

/** Revokes a session by its raw cookie value (no-op when unknown). */
export async function revokeSession(db: Kysely<Database>, rawId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', hashSecret(rawId)).execute();
}

/** Moves a session's expiry forward (sliding expiry) and records it was seen. */
export async function touchSession(db: Kysely<Database>, rawId: string, ttlMs: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()`, expires_at: new Date(Date.now() + ttlMs) })
    .where('id', '=', hashSecret(rawId))
    .execute();
}

/** Issues an API token (bearer) for a user; returns the raw token, shown once. */
export async function createApiToken(
  db: Kysely<Database>,
  input: { userId: number; name?: string; ttlMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await db
    .insertInto('api_tokens')
    .values({ user_id: input.userId, name: input.name ?? 'api', token_hash: hashSecret(token), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** Revokes an API token by id. */
export async function revokeApiToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db.updateTable('api_tokens').set({ revoked_at: sql`now()` }).where('id', '=', tokenId).execute();
}
