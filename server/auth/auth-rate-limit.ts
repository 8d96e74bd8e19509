import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';

/** Limits of sign-in and registration. */
export interface AuthRateLimitSettings {
  /** Requests per IP address per minute (every attempt counts). */
  perIpPerMinute: number;
  /**
   * Failed attempts per email address AND source address in the window answered at once; each
   * further failure from that pair waits longer ({@link failureDelayMs}). A success clears the pair.
   */
  perAccount: number;
  accountWindowMs: number;
  /** First delay once a pair is past `perAccount` failures, doubled per further failure (ms). */
  failureDelayMs: number;
  /** Longest delay of one attempt (ms). */
  maxFailureDelayMs: number;
  /** Shared counters across server processes; in-process memory when absent. */
  redis?: Redis;
  /** Redis key namespace of the counters (`<keyPrefix>:rl:…`; the deployment's `QUEUE_PREFIX`), default `gavel`. */
  keyPrefix?: string;
}

/**
 * rate-limit-redis's store that loads its script again after a failed increment, so a Redis that
 * was away when the script was first loaded (or came back empty) costs failed attempts while it
 * is away, not for the life of the process. Exported for its test.
 */
export class ReloadingRedisStore extends RedisStore {
  override async increment(key: string) {
    try {
      return await super.increment(key);
    } catch (err) {
      this.incrementScriptSha = this.loadIncrementScript();
      this.incrementScriptSha.catch(() => undefined);
      throw err;
    }
  }
}

/** The email an attempt is for: `username` (session sign-in) or `email`, trimmed and lower-cased. */
function accountOf(req: Request): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const value = typeof body.username === 'string' ? body.username : typeof body.email === 'string' ? body.email : '';
  return value.trim().toLowerCase();
}

/**
 * How long an attempt waits (ms) when its email and source address already failed
 * `failuresBefore` times in the window: nothing for the first `perAccount`, then
 * `failureDelayMs` doubled per further failure, at most `maxFailureDelayMs`.
 * Source: issue 18 (slow down rather than block).
 */
export function failureDelayMs(failuresBefore: number, settings: Pick<AuthRateLimitSettings, 'perAccount' | 'failureDelayMs' | 'maxFailureDelayMs'>): number {
  const over = failuresBefore - settings.perAccount;
  if (over < 0) return 0;
  return Math.min(settings.maxFailureDelayMs, settings.failureDelayMs * 2 ** Math.min(over, 30));
}

/**
 * Two guards for one route family (`name`: 'login' or 'register').
 * - Per IP address: every attempt counts; past `perIpPerMinute` the answer is 429
 *   `{message: 'Too many attempts. Please wait a few minutes and try again.', code: 'rate_limited'}`
 *   with `Retry-After` (seconds).
 * - Per email address and source address together: failures (answers of 400 and above) are
 *   counted whether or not the account exists; past `perAccount` each further attempt from that
 *   pair is answered only after a growing delay ({@link failureDelayMs}), never refused, and a
 *   success clears the pair. Failures from one address therefore never slow the account's owner
 *   elsewhere: with the right password and a solved challenge they get in at once.
 * Source: our hardening of spec/accounts-and-shell.md §7 `POST /login` and `POST /api/register`
 * (the spec sets no limits), issue 18; the text is `ACCOUNT_MESSAGES.tooManyAttempts`.
 */
export function createAuthRateLimiters(name: string, settings: AuthRateLimitSettings): RequestHandler[] {
  const handler: Options['handler'] = (req, res) => {
    const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
    if (reset) res.setHeader('Retry-After', String(Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000))));
    res.status(429).json({ message: ACCOUNT_MESSAGES.tooManyAttempts, code: 'rate_limited' });
  };
  // rate-limit-redis: one counter per key expiring with its window, shared by every server process.
  const redis = settings.redis;
  const store = (suffix: string) =>
    redis
      ? new ReloadingRedisStore({
          prefix: `${settings.keyPrefix ?? 'gavel'}:rl:${name}:${suffix}:`,
          sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
        })
      : undefined;
  const perIp = rateLimit({
    windowMs: 60_000,
    limit: settings.perIpPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler,
    store: store('ip'),
  });
  const failures: Store = store('account-source') ?? new MemoryStore();
  // A Redis store loads its script in init; a failure there is answered by the next increment.
  Promise.resolve(failures.init?.({ windowMs: settings.accountWindowMs } as Options)).catch(() => undefined);
  const slowDownFailures: RequestHandler = async (req, res, next) => {
    const account = accountOf(req);
    if (account === '') return next();
    const key = `${account}|${ipKeyGenerator(req.ip ?? 'unknown')}`;
    const { totalHits } = await failures.increment(key);
    res.on('finish', () => {
      if (res.statusCode < 400) void Promise.resolve(failures.resetKey(key)).catch(() => undefined);
    });
    const delay = failureDelayMs(totalHits - 1, settings);
    // Says how long this answer was held (0: not slowed); the wait itself is what slows a guesser.
    res.setHeader('X-Slowed-Down-Ms', String(delay));
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    next();
  };
  return [perIp, slowDownFailures];
}
