import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';

/** What {@link routeRateLimit} counts and answers. */
export interface RouteRateLimitOptions {
  /** Requests allowed per key in the window. */
  limit: number;
  windowMs: number;
  /** The 429 answer's message (safe to show). */
  message: string;
  /** What a request is counted under; default the signed-in user, else the source address. */
  key?: (req: Request) => string;
  /** Extra fields of the 429 body (the spec's `success: false` where a route answers it). */
  extra?: Record<string, unknown>;
  /** Count only refused requests (answers of 400 and above), e.g. wrong passwords. */
  failuresOnly?: boolean;
}

/** The caller a limit counts: `user:{id}` when signed in, else `ip:{address}` (IPv6 by its /56). */
export function callerKey(req: Request): string {
  return req.auth?.user ? `user:${req.auth.user.id}` : `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
}

/**
 * A fixed-window request limit for one route, counted in this process: past `limit` requests
 * per key in `windowMs` the answer is 429 `{message, code: 'rate_limited', ...extra}` with
 * `Retry-After` (seconds). Source: issue 18 (rate limits on the newsletter, `/register-bid` and checkout).
 */
export function routeRateLimit(options: RouteRateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: options.key ?? callerKey,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    handler: (req, res) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      if (reset) res.setHeader('Retry-After', String(Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000))));
      res.status(429).json({ ...options.extra, message: options.message, code: 'rate_limited' });
    },
  });
}
