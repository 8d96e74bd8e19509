import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { capturedHeaders } from '../../../server/bids/bid-lane.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = (token: string | null, body: string, extra: Record<string, string> = {}) =>
  fetch(`${server.url}/ajax-bid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
    body,
  });

describe('POST /ajax-bid bearer lane', () => {
  it('when a bearer client bids, then it is placed and stored without cookies or CSRF, with security headers', async () => {
    const user = await createCustomer(server.database.db);
    const itemId = await createItem(server.database.db, { target_amount: 1000 });
    const res = await post(user.token, JSON.stringify({ item_id: itemId, amount: 1001 }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // A JSON answer's policy, not the page's (server/http/answer-headers.ts).
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBeNull();
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: 'Your bid has been placed.', item: { bid_amount: 1001, bid_count: 1 } });
    const stored = await server.database.db.selectFrom('bids').select(['id', 'bid_amount']).where('item_id', '=', itemId).execute();
    expect(stored).toEqual([{ id: body.bid.id, bid_amount: 1001 }]);
  });

  it('when the token is unknown, then 401 with the spec message and nothing is stored', async () => {
    const itemId = await createItem(server.database.db);
    const res = await post('not-a-real-token', JSON.stringify({ item_id: itemId, amount: 500_000 }));
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('You must be signed in to place a bid');
    expect(await server.database.db.selectFrom('bids').select('id').where('item_id', '=', itemId).execute()).toHaveLength(0);
  });

  it('when the body is not JSON or not valid, then 400 / 422 with the form errors', async () => {
    const user = await createCustomer(server.database.db);
    const itemId = await createItem(server.database.db);
    const broken = await post(user.token, '{"item_id":');
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('The request body is not valid JSON.');
    const invalid = await post(user.token, JSON.stringify({ item_id: itemId, amount: 'abc' }));
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors.amount).toEqual(['Please enter a valid amount']);
  });

  it('when the lane answers, then it carries the same security headers as an answer of the main stack', async () => {
    const lane = await post('not-a-real-token', JSON.stringify({ item_id: 1, amount: 1000 }));
    const main = await post(null, JSON.stringify({ item_id: 1, amount: 1000 }));
    expect([lane.status, main.status]).toEqual([401, 419]);
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const pick = (res: Response) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));
    expect(pick(lane)).toEqual(pick(main));
    expect(pick(lane)['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(pick(lane)['x-frame-options']).toBe('SAMEORIGIN');
    expect(pick(lane)['referrer-policy']).toBeNull();
  });

  it('when the security middleware finishes at once, then its headers are read once; when it does not, then none are', () => {
    const headers = capturedHeaders(helmet() as Parameters<typeof capturedHeaders>[0]);
    expect(headers?.['x-content-type-options']).toBe('nosniff');
    expect(headers?.['x-frame-options']).toBe('SAMEORIGIN');
    expect(capturedHeaders((_req, _res, next) => setTimeout(next, 1))).toBeUndefined();
  });

  it('when a browser bids with its session cookie, then the main stack still demands the CSRF token (419)', async () => {
    const browser = new TestClient(server.url);
    await browser.get('/sanctum/csrf-cookie');
    const res = await post(null, JSON.stringify({ item_id: 1, amount: 1000 }), { cookie: browser.cookieHeader() });
    expect(res.status).toBe(419);
  });
});
