import type { RequestListener, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from './app-error.js';

/** True when `writeHead`'s headers argument (object or flat [name, value, …] list) names Retry-After. */
function namesRetryAfter(headers: unknown): boolean {
  if (Array.isArray(headers)) return headers.some((h, i) => i % 2 === 0 && String(h).toLowerCase() === 'retry-after');
  return typeof headers === 'object' && headers !== null && Object.keys(headers).some((k) => k.toLowerCase() === 'retry-after');
}

/**
 * Wraps the server's request listener so that every 503 it answers carries `Retry-After:
 * <seconds>` (default {@link RETRY_AFTER_SECONDS}) unless the answer already names one. It sits
 * outside both ways a request is answered (the Express stack and the bearer bid lane, each
 * answering with `errorAnswer`), so a database outage tells every client when to try again.
 * Part of the fault hardening of the HTTP layer.
 */
export function withRetryAfter(listener: RequestListener, seconds = RETRY_AFTER_SECONDS): RequestListener {
  return (req, res) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      if (statusCode === 503 && !this.headersSent && !this.hasHeader('retry-after') && !rest.some(namesRetryAfter)) {
        this.setHeader('retry-after', String(seconds));
      }
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
    } as ServerResponse['writeHead'];
    listener(req, res);
  };
}
