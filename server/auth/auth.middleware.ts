import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import { doubleCsrf } from 'csrf-csrf';
import { MESSAGES } from '@shared/messages.js';
import { GUEST_CART_COOKIE } from '../cart/cart-cookie.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { hashSecret, touchSession } from './credentials.service.js';
import type { TokenCache } from './token-cache.js';
import { findUserBySessionHash, findUserByTokenHash, type AuthUser } from './user.repository.js';

/** Name of the httpOnly session cookie. */
export const SESSION_COOKIE = 'gavel_session';
/** Name of the readable anti-forgery cookie; sent back as header `X-XSRF-TOKEN` (DESIGN.md). */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Who is calling: the user (if any) and how they were recognised. */
export interface AuthContext {
  user: AuthUser | null;
  via: 'session' | 'token' | null;
  sessionId?: string;
  tokenId?: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth: AuthContext;
  }
}

/** The bearer token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

/**
 * Resolves the caller from a bearer token (preferred) or a session cookie value.
 * Unknown, expired or revoked credentials resolve to a guest (never throws for bad credentials).
 */
export async function resolveAuth(
  db: Kysely<Database>,
  creds: { bearer?: string; sessionId?: string },
  tokenCache?: TokenCache,
): Promise<AuthContext & { sessionLastSeen?: Date; sessionRemember?: boolean }> {
  if (creds.bearer) {
    const hash = hashSecret(creds.bearer);
    const cached = tokenCache?.get(hash);
    if (cached) return { user: cached.user, via: 'token', tokenId: cached.tokenId };
    const found = await findUserByTokenHash(db, hash);
    if (!found) return { user: null, via: null };
    const { token_id, ...user } = found;
    tokenCache?.set(hash, user, token_id);
    return { user, via: 'token', tokenId: token_id };
  }
  if (creds.sessionId) {
    const found = await findUserBySessionHash(db, hashSecret(creds.sessionId));
    if (!found) return { user: null, via: null };
    const { session_last_seen_at, session_remember, ...user } = found;
    return { user, via: 'session', sessionId: creds.sessionId, sessionLastSeen: session_last_seen_at, sessionRemember: session_remember };
  }
  return { user: null, via: null };
}

/**
 * Middleware: sets `req.auth` for every request. Sessions slide: a session seen more than a
 * minute ago gets its expiry moved forward (short or remember-me lifetime). Bearer tokens are
 * remembered briefly in `tokenCache` when given (see {@link TokenCache}).
 */
export function authenticate(db: Kysely<Database>, ttl: { sessionMs: number; rememberMs: number }, tokenCache?: TokenCache): RequestHandler {
  return async (req, _res, next) => {
    const ctx = await resolveAuth(
      db,
      {
        bearer: bearerToken(req.headers.authorization),
        sessionId: req.cookies?.[SESSION_COOKIE],
      },
      tokenCache,
    );
    req.auth = { user: ctx.user, via: ctx.via, sessionId: ctx.sessionId, tokenId: ctx.tokenId };
    if (ctx.via === 'session' && ctx.sessionId && ctx.sessionLastSeen && Date.now() - ctx.sessionLastSeen.getTime() > 60_000) {
      await touchSession(db, ctx.sessionId, ctx.sessionRemember ? ttl.rememberMs : ttl.sessionMs);
    }
    next();
  };
}

/** Middleware: 401 `{message}` unless signed in. `message` defaults to 'Unauthenticated.'. */
export function requireUser(message: string = MESSAGES.unauthenticated): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.auth?.user) throw AppError.unauthenticated(message);
    next();
  };
}

/**
 * Anti-forgery protection (double-submit cookie, `csrf-csrf`) bound to the session cookie.
 * Applies to state-changing requests of cookie sessions: web routes always, `/api/*` only when
 * a session or guest cart cookie is present (a guest's cart is a cookie's state too, issue 18);
 * bearer-token requests are exempt. Failure is 419.
 */
export function createCsrf(opts: { secret: string; secure: boolean }) {
  const { doubleCsrfProtection, generateCsrfToken } = doubleCsrf({
    getSecret: () => opts.secret,
    getSessionIdentifier: (req) => req.cookies?.[SESSION_COOKIE] ?? '',
    cookieName: XSRF_COOKIE,
    cookieOptions: { sameSite: 'lax', path: '/', secure: opts.secure, httpOnly: false },
    getCsrfTokenFromRequest: (req) => req.headers['x-xsrf-token'] as string | undefined,
    skipCsrfProtection: (req) =>
      Boolean(bearerToken(req.headers.authorization)) || (req.path.startsWith('/api/') && !req.cookies?.[SESSION_COOKIE] && !req.cookies?.[GUEST_CART_COOKIE]),
  });
  /** Issues a fresh token cookie for the request's current session cookie. */
  const issue = (req: Request, res: Response) => generateCsrfToken(req, res, { overwrite: true });
  return { protect: doubleCsrfProtection, issue };
}

/** Whether `user` holds the role `role`, by name in its roles list. Source: spec/accounts-and-shell.md §6 (role check by name). */
export function hasRole(user: AuthUser, role: string): boolean {
  return user.roles.some((r) => r.name === role);
}

/**
 * Middleware: 401 'Unauthenticated.' when signed out, 403 'This action is unauthorized.' unless
 * the user holds the role `role` ({@link hasRole}).
 */
export function requireRole(role: string): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const user = req.auth?.user;
    if (!user) throw AppError.unauthenticated();
    if (!hasRole(user, role)) throw AppError.forbidden();
    next();
  };
}
