import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';

/** Limits of sign-in and registration. */
export interface AuthRateLimitSettings {
  /** Requests per IP address per minute (every attempt counts). */
  perIpPerMinute: number;
  /** Failed attempts per email address per window (successful ones don't count). */
  perAccount: number;
  accountWindowMs: number;
  /** Shared counters across server processes; in-process memory when absent. */
  redis?: Redis;
}

const INCREMENT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/** An express-rate-limit store on Redis: one counter per key expiring with its window. */
class RedisRateLimitStore implements Store {
  windowMs = 60_000;
  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {}
  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
  }
  async increment(key: string) {
    const [hits, ttl] = (await this.redis.eval(INCREMENT_SCRIPT, 1, `${this.prefix}${key}`, String(this.windowMs))) as [number, number];
    return { totalHits: hits, resetTime: new Date(Date.now() + (ttl > 0 ? ttl : this.windowMs)) };
  }
  async decrement(key: string) {
    await this.redis.decr(`${this.prefix}${key}`);
  }
  async resetKey(key: string) {
    await this.redis.del(`${this.prefix}${key}`);
  }
}

/** The email an attempt is for: `username` (session sign-in) or `email`, trimmed and lower-cased. */
function accountOf(req: Request): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const value = typeof body.username === 'string' ? body.username : typeof body.email === 'string' ? body.email : '';
  return value.trim().toLowerCase();
}

/**
 * Two limiters for one route family (`name`: 'login' or 'register'): per IP and per account.
 * The per-account limiter counts failed attempts for an email whether or not the account
 * exists, so a 429 reveals nothing. Both answer 429 `{message: 'Too many attempts. Please wait a
 * few minutes and try again.', code: 'rate_limited'}` with `Retry-After` (seconds).
 * Source: our hardening of spec/accounts-and-shell.md §7 `POST /login` and `POST /api/register`
 * (the spec sets no limits); the text is `ACCOUNT_MESSAGES.tooManyAttempts`.
 */
export function createAuthRateLimiters(name: string, settings: AuthRateLimitSettings): RequestHandler[] {
  const handler: Options['handler'] = (req, res) => {
    const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
    if (reset) res.setHeader('Retry-After', String(Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000))));
    res.status(429).json({ message: ACCOUNT_MESSAGES.tooManyAttempts, code: 'rate_limited' });
  };
  const store = (suffix: string) => (settings.redis ? new RedisRateLimitStore(settings.redis, `gavel:rl:${name}:${suffix}:`) : undefined);
  const perIp = rateLimit({
    windowMs: 60_000,
    limit: settings.perIpPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler,
    store: store('ip'),
  });
  const perAccount = rateLimit({
    windowMs: settings.accountWindowMs,
    limit: settings.perAccount,
    standardHeaders: false,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    skip: (req) => accountOf(req) === '',
    keyGenerator: (req) => accountOf(req),
    handler,
    store: store('account'),
  });
  return [perIp, perAccount];
}
