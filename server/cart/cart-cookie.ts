import { createHash, randomBytes } from 'node:crypto';

/** httpOnly cookie holding a guest's random cart token (only its SHA-256 is stored). */
export const GUEST_CART_COOKIE = 'gavel_cart';

/** Lifetime of the guest cart cookie: 30 days. */
export const GUEST_CART_COOKIE_MS = 30 * 86_400_000;

/** A new random guest cart token (32 bytes, base64url). */
export function newGuestCartToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a guest cart token: SHA-256, hex. Tokens of a wrong shape give null. */
export function hashGuestCartToken(token: string | undefined | null): string | null {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return createHash('sha256').update(token).digest('hex');
}
