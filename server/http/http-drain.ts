import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/** The answer to a request that arrives while the process is shutting down. */
export const DRAINING_MESSAGE = 'The server is restarting. Please try again in a moment.';

/** An HTTP listener that can be drained: see {@link createHttpDrain}. */
export interface HttpDrain {
  /** The wrapped listener to give `http.createServer`. */
  listener: RequestListener;
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Stops taking requests and waits for those in hand: the server stops listening, idle
   * keep-alive connections are closed, responses still being written carry `Connection: close`,
   * and a request arriving on a kept-alive connection meanwhile is answered 503 (`Retry-After: 1`)
   * so the client retries elsewhere. After `timeoutMs` every connection is closed.
   * @returns once nothing is in flight (or the deadline passed).
   */
  drain(server: Server, timeoutMs: number): Promise<void>;
}

/**
 * Wraps a request listener so that a SIGTERM finishes even while keep-alive clients stay busy
 * (a load balancer's pooled connections would otherwise keep one process taking bids forever).
 * Source: the fault-hardening review (graceful shutdown under load).
 */
export function createHttpDrain(inner: RequestListener): HttpDrain {
  const open = new Set<ServerResponse>();
  let draining = false;

  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    if (draining) {
      const body = JSON.stringify({ message: DRAINING_MESSAGE, code: 'service_unavailable' });
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'retry-after': '1',
        connection: 'close',
      });
      res.end(body);
      return;
    }
    open.add(res);
    const done = () => open.delete(res);
    res.once('finish', done);
    res.once('close', done);
    inner(req, res);
  };

  const drain = async (server: Server, timeoutMs: number) => {
    draining = true;
    for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
    server.close();
    const deadline = Date.now() + timeoutMs;
    while (open.size > 0 && Date.now() < deadline) {
      server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.closeAllConnections();
  };

  return { listener, inFlight: () => open.size, drain };
}
