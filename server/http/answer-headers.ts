import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';

/**
 * Security headers that only a document reads (a page or a worker the browser runs): a JSON answer
 * fetched by the app is never one. Helmet sets them on every answer; a JSON answer goes without.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * The Content-Security-Policy of a JSON answer: it loads nothing and nothing may frame it, so opened
 * as a page by hand it runs nothing (in place of the page's policy, about 600 bytes).
 */
export const ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Whether a `Content-Type` header names JSON (`application/json`, `application/problem+json` …). */
function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType);
}

/**
 * Trims the security headers set on `res` so far (before they are written) to a JSON answer's:
 * without {@link DOCUMENT_ONLY_HEADERS}, the policy {@link ANSWER_CSP} when there was one;
 * `nosniff`, `X-Frame-Options`, `Cross-Origin-Resource-Policy` and `Strict-Transport-Security`
 * stay. Source: issue 17 (every byte counts on a phone's data; the same rule as the hashed files
 * in `compressed-assets.ts`).
 */
export function trimToJsonAnswer(res: ServerResponse): void {
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
  if (res.hasHeader('content-security-policy')) res.setHeader('content-security-policy', ANSWER_CSP);
}

/**
 * Middleware, after the security headers: an answer that turns out to be JSON (known only when
 * its headers are written) leaves off the document-only ones ({@link trimToJsonAnswer}), about
 * 0.7 KB of every API answer over HTTP/1.1. Pages, the API's own HTML pages (its documentation,
 * an e-mail's unsubscribe page) and everything else keep them all.
 */
export const trimJsonAnswerHeaders: RequestHandler = (_req, res, next) => {
  onHeaders(res, function (this: ServerResponse) {
    if (isJson(this.getHeader('content-type'))) trimToJsonAnswer(this);
  });
  next();
};
