import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { Metrics } from '../metrics/metrics.js';

/** Express's compiled "trust proxy" setting: is the hop at `addr` (0 = the direct peer) trusted? */
export type TrustProxyFn = (addr: string, hop: number) => boolean;

/** Header carrying a request's id, in both directions. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id we accept from a proxy: 1 to 128 characters of letters, digits and `._:-` (no log injection). */
const ACCEPTABLE_ID = /^[\w.:-]{1,128}$/;

const requestIds = new AsyncLocalStorage<string>();

/**
 * A pino `mixin` (server/server.ts sets it on the server's logger): `{reqId}` of the request whose
 * work is running, so lines logged through the plain logger during a request (a router's, the
 * bid lane's) carry its id too; `{}` outside a request.
 */
export function requestIdMixin(): { reqId?: string } {
  const id = requestIds.getStore();
  return id ? { reqId: id } : {};
}

/** Route label of requests no Express route matched (client files, the SPA page, 404s), keeping label values few. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The request's id: the incoming `X-Request-Id` when the direct peer is a trusted proxy (Express
 * "trust proxy", config `TRUST_PROXY`) and the value is acceptable, otherwise a new UUID.
 */
export function requestIdOf(req: IncomingMessage, trustProxy: TrustProxyFn): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const peer = req.socket.remoteAddress;
  if (typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) && peer && trustProxy(peer, 0)) return incoming;
  return randomUUID();
}

/**
 * Wraps the server's request listener (outside the bid lane and Express, so every answer is
 * covered): runs it in the request's context ({@link requestIdMixin}), sets `req.id` ({@link requestIdOf}; pino-http then logs it as `reqId` on every line of
 * the request) and the `X-Request-Id` response header, and, with `metrics`, observes
 * `http_request_duration_seconds{method, route, status}` when the answer is sent. `route` is the
 * matched Express route pattern (`/ajax-item/:id`), `/ajax-bid` for the bearer bid lane (its only
 * route), else {@link UNMATCHED_ROUTE}. Source: issue 19 "An API others can build on".
 */
export function withRequestContext(deps: { trustProxy: TrustProxyFn; metrics?: Metrics }, listener: RequestListener): RequestListener {
  return (req, res) => {
    const id = requestIdOf(req, deps.trustProxy);
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const metrics = deps.metrics;
    if (metrics) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const matched = (req as IncomingMessage & { route?: { path?: unknown } }).route?.path;
        const pathname = (req.url ?? '').split('?')[0];
        const route = typeof matched === 'string' ? matched : req.method === 'POST' && pathname === '/ajax-bid' ? '/ajax-bid' : UNMATCHED_ROUTE;
        metrics.httpDuration.observe({ method: req.method ?? 'GET', route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
      });
    }
    requestIds.run(id, () => listener(req, res));
  };
}
