import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders, type RequestListener } from 'node:http';
import { Socket } from 'node:net';
import bodyParser from 'body-parser';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { MESSAGES } from '@shared/messages.js';
import { bearerToken, resolveAuth } from '../auth/auth.middleware.js';
import type { TokenCache } from '../auth/token-cache.js';
import type { Database } from '../db/types.js';
import { trimToJsonAnswer } from '../http/answer-headers.js';
import { AppError } from '../http/app-error.js';
import { errorAnswer } from '../http/error-handler.js';
import type { Metrics } from '../metrics/metrics.js';
import type { BidRateLimiter } from './bid-rate-limit.js';
import type { BidSequencer } from './bid-sequencer.js';
import { placeBidAs } from './bids.service.js';

/** A Connect-style middleware on the raw Node request (helmet, body-parser). */
type RawMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What the bid lane is built from. */
export interface BidLaneDeps {
  db: Kysely<Database>;
  sequencer: BidSequencer;
  tokenCache: TokenCache;
  /** The app's security-header middleware (helmet), applied to every lane answer as to a JSON answer (answer-headers.ts). */
  securityHeaders: RawMiddleware;
  logger: Logger;
  metrics?: Metrics;
  /** Bids per bidder per second, shared with the Express route (absent: no limit). */
  rateLimiter?: BidRateLimiter;
}

const run = (mw: RawMiddleware, req: IncomingMessage, res: ServerResponse) =>
  new Promise<void>((resolve, reject) => mw(req, res, (err) => (err ? reject(err) : resolve())));

/**
 * The headers a security-header middleware sets on an answer, read once from a response that is
 * never sent; undefined when it did not finish at once (then it runs on every answer). Helmet's
 * headers depend only on its options, so the lane writes them with its answer in one call rather
 * than setting a dozen headers one by one on each of thousands of answers a second.
 */
export function capturedHeaders(mw: RawMiddleware): OutgoingHttpHeaders | undefined {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  let done = false;
  mw(req, res, (err) => (done = err === undefined));
  return done ? res.getHeaders() : undefined;
}

/**
 * The bearer-token lane of `POST /ajax-bid` (API clients and load testers bid thousands of times
 * a second). It runs on the raw Node request ahead of Express and takes only a JSON
 * `POST /ajax-bid` carrying `Authorization: Bearer …`; every other request goes to `fallback`
 * (the Express app, where browsers bid with their session and CSRF token). It does what the main
 * stack does for such a request and nothing more: security headers (helmet's, read once:
 * {@link capturedHeaders}, as a JSON answer has them: {@link trimToJsonAnswer}), a JSON body
 * (body-parser, 10 kB), the token's user (401 'You must be signed in to place a bid'), then the
 * same {@link placeBidAs} as the Express route. Answers and errors are the main stack's
 * (`{success, message, bid, item}`; {@link errorAnswer}); bids are counted in `/metrics`, 500s
 * are logged, and there is no per-request access log. Source: spec/shopping.md §5, §7; DESIGN.md
 * "How a bid flows".
 */
export function withBidLane(deps: BidLaneDeps, fallback: RequestListener): RequestListener {
  const json = bodyParser.json({ limit: '10kb' }) as RawMiddleware;
  // Every lane answer is JSON: the security headers as a JSON answer of the main stack has them.
  const answerSecurity: RawMiddleware = (req, res, next) =>
    deps.securityHeaders(req, res, (err) => {
      if (err === undefined) trimToJsonAnswer(res);
      next(err);
    });
  const security = capturedHeaders(answerSecurity);
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...security,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
    });
    res.end(text);
  };

  const placeBid = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse, token: string) => {
    try {
      if (!security) await run(answerSecurity, req, res);
      await run(json, req, res);
      const { user } = await resolveAuth(deps.db, { bearer: token }, deps.tokenCache);
      if (!user) throw AppError.unauthenticated(MESSAGES.mustSignInToBid);
      answer(res, 200, await placeBidAs(deps, user, req.body));
    } catch (err) {
      const a = errorAnswer(err);
      if (a.log) deps.logger.error({ err, method: req.method, url: req.url }, 'unhandled error');
      if (!res.headersSent) answer(res, a.status, a.body);
      else res.destroy();
    }
  };

  return (req, res) => {
    const token =
      req.method === 'POST' && (req.url === '/ajax-bid' || req.url?.startsWith('/ajax-bid?')) && req.headers['content-type']?.startsWith('application/json')
        ? bearerToken(req.headers.authorization)
        : undefined;
    if (token) void placeBid(req, res, token);
    else fallback(req, res);
  };
}
