import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { insertApiToken, insertSession, revokeApiTokenById, revokeSessionByHash, touchSessionByHash } from './credentials.repository.js';

// Sign-in, sign-out and API tokens are credential mechanics, not commands: the `sessions` and
// `api_tokens` rows are their own record, so no domain event is written per sign-in.

/** SHA-256 of a secret, hex. Sessions and API tokens are stored only as this hash. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A random URL-safe secret of 32 bytes (43 base64url characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a session for a user and returns the cookie value (the raw id; only its hash is
 * stored) and its expiry. `ttlMs` (milliseconds) sets the expiry: short, or long with
 * "remember me". Source: DESIGN.md "Contracts that are fixed" (sign-in and sessions).
 */
export async function createSession(
  db: Kysely<Database>,
  input: { userId: number; remember: boolean; ttlMs: number; ip?: string; userAgent?: string },
): Promise<{ id: string; expiresAt: Date }> {
  const id = newSecret();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await insertSession(db, {
    idHash: hashSecret(id),
    userId: input.userId,
    remember: input.remember,
    ip: input.ip ?? null,
    userAgent: input.userAgent ?? null,
    expiresAt,
  });
  return { id, expiresAt };
}

/** Revokes a session by its raw cookie value (no-op when unknown). */
export async function revokeSession(db: Kysely<Database>, rawId: string): Promise<void> {
  await revokeSessionByHash(db, hashSecret(rawId));
}

/** Moves a session's expiry `ttlMs` milliseconds past now (sliding expiry) and records it was seen. */
export async function touchSession(db: Kysely<Database>, rawId: string, ttlMs: number): Promise<void> {
  await touchSessionByHash(db, hashSecret(rawId), new Date(Date.now() + ttlMs));
}

/**
 * Issues an API token (bearer) for a user, named `name` (default 'api'), valid `ttlMs`
 * milliseconds; returns the raw token, shown once (only its hash is stored), and its expiry.
 * Source: DESIGN.md "Contracts that are fixed" (API clients).
 */
export async function createApiToken(
  db: Kysely<Database>,
  input: { userId: number; name?: string; ttlMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await insertApiToken(db, { userId: input.userId, name: input.name ?? 'api', tokenHash: hashSecret(token), expiresAt });
  return { token, expiresAt };
}

/** Revokes an API token by id (no-op when unknown). */
export async function revokeApiToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await revokeApiTokenById(db, tokenId);
}
