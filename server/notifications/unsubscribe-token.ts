import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link stops: one user's e-mails of one notification type, or all of them. */
export interface UnsubscribeRequest {
  userId: number;
  type: string;
}

/**
 * A signed unsubscribe token `<user>.<type>.<signature>` (HMAC-SHA256, base64url): it works
 * without signing in and cannot be made for someone else. It does not expire: an old mail's
 * link still works, as mail rules expect. Source: issue 16 "one-click unsubscribe".
 */
export function signUnsubscribe(secret: string, req: UnsubscribeRequest): string {
  return `${req.userId}.${req.type}.${signature(secret, req)}`;
}

/** The request a token names, or null when it is malformed or its signature is wrong. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeRequest | null {
  const m = /^(\d{1,12})\.([a-z_]{2,30})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const req = { userId: Number(m[1]), type: m[2] };
  const expected = Buffer.from(signature(secret, req));
  const given = Buffer.from(m[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? req : null;
}

function signature(secret: string, req: UnsubscribeRequest): string {
  return createHmac('sha256', secret).update(`unsubscribe:${req.userId}:${req.type}`).digest('base64url');
}

/** The key unsubscribe links are signed with, derived from the app's master secret (never the secret itself). */
export function unsubscribeSecret(master: string): string {
  return createHmac('sha256', master).update('gavel:unsubscribe').digest('hex');
}
