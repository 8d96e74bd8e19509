import { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';
import { isCommonPassword } from '@shared/rules/common-passwords.js';
import { registerInputSchema, sessionLoginInputSchema, tokenLoginInputSchema } from '@shared/schemas/auth.schema.js';
import type { Database } from '../db/types.js';
import { CAPTCHA_FIELD, type CaptchaVerifier } from '../captcha/captcha.verifier.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor, type Actor } from '../events/domain-events.js';
import { createAuthRateLimiters, type AuthRateLimitSettings } from './auth-rate-limit.js';
import { registerUser } from './auth.commands.js';
import { SESSION_COOKIE, requireUser, type createCsrf } from './auth.middleware.js';
import { createApiToken, createSession, revokeApiToken, revokeSession } from './credentials.service.js';
import type { TokenCache } from './token-cache.js';
import { hashPassword, verifyPassword } from './password.js';
import { findAuthUserById, findUserByEmail } from './user.repository.js';

/** What the auth routes need. */
export interface AuthRouterDeps {
  db: Kysely<Database>;
  /** Runs the registration command. */
  runner: CommandRunner;
  csrf: ReturnType<typeof createCsrf>;
  secureCookies: boolean;
  sessionTtlMs: number;
  rememberTtlMs: number;
  apiTokenTtlMs: number;
  /** Per-IP and per-account limits of sign-in and registration. */
  rateLimit: AuthRateLimitSettings;
  /** Human verification of `POST /login`, `POST /api/login` and `POST /api/register`. */
  captcha: CaptchaVerifier;
  /** Remembered bearer tokens, cleared when one is revoked. */
  tokenCache?: TokenCache;
  /** Disconnects the sockets a revoked session (cookie value) or API token (row id) signed in, in every process. */
  endSockets?: (credential: { sessionId?: string; tokenId?: number }) => void;
}

// A hash of a random password: verifying against it costs as much as a real check, so a
// missing account and a wrong password take the same time.
const dummyHash = hashPassword(`dummy-${Math.random()}`);

/**
 * Checks an email and password. Returns the user id, or throws 401 with the spec's text
 * whether the email is unknown or the password wrong (never reveals which).
 * Source: spec/accounts-and-shell.md §8 'Invalid login credentials…'.
 */
async function checkCredentials(db: Kysely<Database>, email: string, password: string): Promise<number> {
  const row = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash));
  if (!row || !ok) throw new AppError(401, 'unauthenticated', MESSAGES.invalidCredentials);
  return row.id;
}

/** Only same-site paths are accepted as a post-login redirect (no open redirects). */
function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, 'http://gavel.local');
    if (url.origin !== 'http://gavel.local' && !/^https?:\/\//.test(value)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/**
 * Sign-in, registration and session routes: `GET /sanctum/csrf-cookie`, `POST /login`,
 * `POST /logout`, `POST /api/login`, `POST /api/logout`, `POST /api/register`,
 * `GET /api/user-session`, `GET /api/user`. Source: spec/accounts-and-shell.md §7, DESIGN.md.
 * `POST /login`, `POST /api/login` and `POST /api/register` need a human-verification token in
 * `g-recaptcha-response` (422 otherwise); they are rate limited per IP (429) and slowed per email
 * and source address together after repeated failures (see {@link createAuthRateLimiters}).
 * `POST /api/register` refuses the most common passwords (422 on `password`, before the challenge
 * is spent) and runs the `registerUser` command (event `user.registered`; the actor is a
 * guest, or the signed-in user) and answers 201 `{success, message, data: {token, user}, user}`;
 * with `start_session: true` (JSON) it also signs the browser in (remember false). Sign-in and sign-out are credential mechanics
 * (their `sessions` and `api_tokens` rows are the record), not commands: no event per sign-in.
 * `POST /logout` ends the cookie session and, when a bearer token is sent, revokes it too; the
 * sockets either signed in are disconnected (issue 18).
 */
export function createAuthRouter(deps: AuthRouterDeps): Router {
  const { db, csrf } = deps;
  const router = Router();
  const loginLimiters = createAuthRateLimiters('login', deps.rateLimit);
  const registerLimiters = createAuthRateLimiters('register', deps.rateLimit);

  const setSessionCookie = (req: Request, res: Response, id: string | null, expires?: Date, remember = false) => {
    if (id) {
      res.cookie(SESSION_COOKIE, id, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        path: '/',
        ...(remember && expires ? { expires } : {}),
      });
      req.cookies[SESSION_COOKIE] = id;
    } else {
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      delete req.cookies[SESSION_COOKIE];
    }
    // The anti-forgery token is bound to the session: issue a new one with the new session.
    csrf.issue(req, res);
  };

  router.get('/sanctum/csrf-cookie', (req, res) => {
    csrf.issue(req, res);
    res.status(204).end();
  });

  /** Starts a new session (new id: no session fixation; the previous one is revoked). */
  const startSession = async (req: Request, res: Response, userId: number, remember: boolean) => {
    const previous = req.cookies?.[SESSION_COOKIE];
    if (previous) {
      await revokeSession(db, previous);
      deps.endSockets?.({ sessionId: previous });
    }
    const session = await createSession(db, {
      userId,
      remember,
      ttlMs: remember ? deps.rememberTtlMs : deps.sessionTtlMs,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    setSessionCookie(req, res, session.id, session.expiresAt, remember);
  };

  router.post('/login', ...loginLimiters, async (req, res) => {
    const input = parseInput(sessionLoginInputSchema, req.body);
    await deps.captcha.verify(input[CAPTCHA_FIELD], req.ip);
    const userId = await checkCredentials(db, input.username, input.password);
    await startSession(req, res, userId, input.remember);
    const user = await findAuthUserById(db, userId);
    res.json({ success: true, message: 'Login successful', user, redirect: safeRedirect(input.redirect) });
  });

  router.post('/logout', async (req, res) => {
    const current = req.cookies?.[SESSION_COOKIE];
    if (current) {
      await revokeSession(db, current);
      deps.endSockets?.({ sessionId: current });
    }
    if (req.auth.tokenId) {
      await revokeApiToken(db, req.auth.tokenId);
      deps.tokenCache?.clear();
      deps.endSockets?.({ tokenId: req.auth.tokenId });
    }
    setSessionCookie(req, res, null);
    res.json({ success: true });
  });

  router.post('/api/login', ...loginLimiters, async (req, res) => {
    const input = parseInput(tokenLoginInputSchema, req.body);
    await deps.captcha.verify(input[CAPTCHA_FIELD], req.ip);
    const userId = await checkCredentials(db, input.email, input.password);
    const { token, expiresAt } = await createApiToken(db, { userId, name: input.device_name, ttlMs: deps.apiTokenTtlMs });
    res.json({ token, token_type: 'Bearer', expires_at: expiresAt.toISOString(), user: await findAuthUserById(db, userId) });
  });

  router.post('/api/logout', async (req, res) => {
    if (req.auth.tokenId) {
      await revokeApiToken(db, req.auth.tokenId);
      deps.tokenCache?.clear();
      deps.endSockets?.({ tokenId: req.auth.tokenId });
    }
    res.json({ success: true });
  });

  router.post('/api/register', ...registerLimiters, async (req, res) => {
    const input = parseInput(registerInputSchema, req.body);
    if (isCommonPassword(input.password)) throw AppError.validation({ password: [ACCOUNT_MESSAGES.passwordTooCommon] });
    await deps.captcha.verify(input[CAPTCHA_FIELD], req.ip);
    // Cheap refusal before the slow hash; the command checks again inside its transaction.
    if (await findUserByEmail(db, input.email)) {
      throw AppError.validation({ email: [ACCOUNT_MESSAGES.emailTaken] });
    }
    const passwordHash = await hashPassword(input.password);
    const actor: Actor = req.auth.user ? userActor(req.auth.user.id) : { type: 'guest' };
    const { userId } = await deps.runner.run(registerUser, actor, {
      name: input.name,
      email: input.email,
      phone: input.phone,
      passwordHash,
      via: input.start_session ? 'register_page' : 'api',
    });
    const { token } = await createApiToken(db, { userId, name: 'register', ttlMs: deps.apiTokenTtlMs });
    // The page's automatic sign-in (remember false): a cookie session in the same answer, so
    // one verified human action gives an account and a session. Only for JSON bodies, which a
    // cross-site form cannot send (no login CSRF).
    if (input.start_session && req.is('application/json')) await startSession(req, res, userId, false);
    const user = await findAuthUserById(db, userId);
    res.status(201).json({ success: true, message: 'Registration successful', data: { token, user }, user });
  });

  router.get('/api/user-session', (req, res) => {
    res.json(req.auth.user ? { authenticated: true, user: req.auth.user } : { authenticated: false });
  });

  router.get('/api/user', requireUser(), (req, res) => {
    res.json(req.auth.user);
  });

  return router;
}
