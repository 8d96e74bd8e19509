import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import { ANSWER_CSP, DOCUMENT_ONLY_HEADERS, trimToJsonAnswer } from '../../../server/http/answer-headers.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The headers left on a response that had `headers` set, once trimmed to a JSON answer's. */
function trimmed(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value!);
  trimToJsonAnswer(res);
  return { ...res.getHeaders() };
}

/** The bytes an answer's headers take on the wire over HTTP/1.1 (`name: value\r\n` each). */
const headerBytes = (res: Response) => [...res.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);

describe('JSON answers carry only the security headers an answer needs (issue 17: bytes on a phone)', () => {
  it('when the app fetches a JSON answer, then it has nosniff, framing refused and a policy that runs nothing, without the document-only headers; the page keeps them all', async () => {
    const page = await fetch(`${server.url}/`);
    const answer = await fetch(`${server.url}/api/settings/auction-bid-increment`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-security-policy')).toBe(ANSWER_CSP);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of DOCUMENT_ONLY_HEADERS) {
      expect(answer.headers.get(name), name).toBeNull();
      expect(page.headers.get(name), name).not.toBeNull();
    }
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    // About 0.7 KB less on every answer.
    expect(headerBytes(page) - headerBytes(answer)).toBeGreaterThan(600);
  });

  it('when an API path answers an error in JSON, then it is trimmed too; when it answers a page (its documentation, an unsubscribe page), then that page keeps the page headers', async () => {
    const missing = await fetch(`${server.url}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/json/);
    expect(missing.headers.get('content-security-policy')).toBe(ANSWER_CSP);
    expect(missing.headers.get('referrer-policy')).toBeNull();
    for (const path of ['/api/docs', '/api/notifications/unsubscribe?token=not-a-token']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      // The unsubscribe page styles itself inline, which the page's policy allows.
      expect(res.headers.get('content-security-policy'), path).toMatch(/style-src 'self' 'unsafe-inline'/);
      expect(res.headers.get('referrer-policy'), path).not.toBeNull();
    }
  });

  it('when the page headers are given, then a JSON answer keeps all but the document-only ones, with its own policy', () => {
    const page = {
      'content-security-policy': "default-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000',
      'x-xss-protection': '0',
    };
    expect(trimmed(page)).toEqual({
      'content-security-policy': ANSWER_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000',
    });
    expect(trimmed({ 'x-content-type-options': 'nosniff' })).toEqual({ 'x-content-type-options': 'nosniff' });
  });
});
