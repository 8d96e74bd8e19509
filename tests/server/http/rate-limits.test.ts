import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // A low bid rate, so that a burst of 16 is over it even when a busy machine spreads the burst over seconds.
  server = await startTestServer({ env: { BID_RATE_PER_SECOND: '2', BID_RATE_BURST: '4', FORM_RATE_LIMIT_PER_HOUR: '3' } });
});
afterAll(async () => {
  await server?.stop();
});

const FAST = 'You are bidding too fast. Please wait a moment and try again.';

describe('bids per bidder per second (BID_RATE_PER_SECOND; issue 18)', () => {
  it('when one bidder sends bids faster than the limit, on either way in, then the excess is refused with 429 and other bidders are not slowed', async () => {
    const db = server.database.db;
    const [flooder, other] = [await createCustomer(db), await createCustomer(db)];
    const itemId = await createItem(db, { target_amount: 1000 });
    const browser = new TestClient(server.url);
    await browser.login(flooder.email);
    // Bearer token: the lean bid lane. Burst of 4, then 2 a second: at most 10 of 16 pass within 3 s.
    const api = new TestClient(server.url, flooder.token);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => api.post('/ajax-bid', { item_id: itemId, amount: 2000 + i * 10 })));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0].body).toMatchObject({ code: 'rate_limited', message: FAST, reason: 'rate_limited' });
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 200 || a.status === 422)).toBe(true);
    // The browser route counts against the same bidder.
    expect((await browser.post('/ajax-bid', { item_id: itemId, amount: 9000 })).status).toBe(429);
    // Someone else bids at once.
    expect((await new TestClient(server.url, other.token).post('/ajax-bid', { item_id: itemId, amount: 5_000 })).status).toBe(200);
    // A second later the bidder has tokens again.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await api.post('/ajax-bid', { item_id: itemId, amount: 6_000 })).status).toBe(200);
  });
});

describe('newsletter and live-auction registration per caller per hour (FORM_RATE_LIMIT_PER_HOUR; issue 18)', () => {
  it('when one address signs up for the newsletter too often, then 429 with Retry-After and a clear message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.url}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `reader${i}@example.mw` }),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await res.json()).toMatchObject({ success: false, message: 'Too many sign-ups from this connection. Please try again later.' });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('when one bidder submits /register-bid too often, then 429; another bidder is not affected', async () => {
    const db = server.database.db;
    const [busy, calm] = [await createCustomer(db), await createCustomer(db)];
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await new TestClient(server.url, busy.token).post('/register-bid', {})).status);
    expect(statuses).toEqual([422, 422, 422, 429]);
    const last = await new TestClient(server.url, busy.token).post('/register-bid', {});
    expect(last.body).toMatchObject({ success: false, message: 'Too many registration attempts. Please try again later.' });
    expect((await new TestClient(server.url, calm.token).post('/register-bid', {})).status).toBe(422);
  });
});
