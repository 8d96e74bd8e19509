import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionType, createCustomer, createItem, insertTestOrder } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const FIELD = 'g-recaptcha-response';
let server: TestServer;
let limited: TestServer;
const cashTypes = new Map<TestServer, number>();

beforeAll(async () => {
  [server, limited] = await Promise.all([
    startTestServer({ env: { OPEN_ORDERS_PER_BUYER: '2', OPEN_ORDERS_PER_ADDRESS: '3', TRUST_PROXY: '1' } }),
    startTestServer({ env: { CHECKOUT_RATE_LIMIT: '2' } }),
  ]);
  for (const s of [server, limited]) cashTypes.set(s, await createAuctionType(s.database.db, 'cash', 'Daily Sale'));
});
afterAll(async () => {
  await Promise.all([server?.stop(), limited?.stop()]);
});

const body = (phone = '0888 123 456', extra: Record<string, unknown> = {}) => ({
  customer: { firstName: 'Chikondi', lastName: 'Banda', email: 'chikondi@example.mw', phone },
  billing: { address: 'Plot 12, Namiwawa', city: 'Southern', state: 'Blantyre', postalCode: '', country: 'Malawi' },
  cart: { items: [], total: 1 },
  currency: 'MWK',
  ...extra,
});

/** A guest (from `ip` behind the trusted test proxy) with one daily-sale item of `quantity` units in the cart; answers the client and the item. */
async function guestWithItem(s: TestServer, ip = '198.51.100.1', quantity = 1): Promise<{ c: TestClient; item: number }> {
  const item = await createItem(s.database.db, { auction_type_id: cashTypes.get(s)!, target_amount: 30_000, date_to: null });
  await s.database.db.updateTable('items').set({ quantity }).where('id', '=', item).execute();
  const c = new TestClient(s.url);
  c.headers['x-forwarded-for'] = ip;
  await c.get('/sanctum/csrf-cookie');
  expect((await c.post(`/cart/add/${item}`, { quantity })).status).toBe(200);
  return { c, item };
}

const stockOf = async (s: TestServer, item: number) =>
  await s.database.db.selectFrom('items').select(['quantity', 'is_reserved']).where('id', '=', item).executeTakeFirstOrThrow();

describe('cash on delivery by a guest needs a solved human verification (issue 18)', () => {
  it('when a guest asks for cash on delivery without verifying, then 422 with what to do and nothing is reserved; verified, the order is placed', async () => {
    const { c, item } = await guestWithItem(server, '198.51.100.10');
    const refused = await c.post('/checkout/cash', body('0999 100 001'));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Please complete the human verification below to pay cash on delivery, or sign in.');
    expect(refused.body.errors[FIELD]).toEqual([refused.body.message]);
    expect(await stockOf(server, item)).toMatchObject({ is_reserved: false });
    const placed = await c.post('/checkout/cash', body('0999 100 001', { [FIELD]: await c.captcha() }));
    expect(placed.status).toBe(200);
    expect(await stockOf(server, item)).toMatchObject({ is_reserved: true });
  });

  it('when a signed-in customer pays cash on delivery, then no verification is asked', async () => {
    const user = await createCustomer(server.database.db);
    const c = new TestClient(server.url, user.token);
    c.headers['x-forwarded-for'] = '198.51.100.11';
    const item = await createItem(server.database.db, { auction_type_id: cashTypes.get(server)!, target_amount: 30_000, date_to: null });
    await c.post(`/cart/add/${item}`);
    expect((await c.post('/checkout/cash', body('0999 100 002'))).status).toBe(200);
  });
});

describe('open unpaid orders are capped per account or phone, and per address (issue 18)', () => {
  it('when a buyer already holds 2 unpaid orders under one phone, however written, then a third is refused (429) and its stock stays on sale', async () => {
    for (const [i, phone] of ['0888 200 300', '+265 888 200 300'].entries()) {
      const { c } = await guestWithItem(server, `203.0.113.${i + 1}`);
      expect((await c.post('/dpopay/checkout-payment', body(phone))).status).toBe(200);
    }
    const { c, item } = await guestWithItem(server, '203.0.113.9', 5);
    const third = await c.post('/checkout/cash', body('265-888-200-300', { [FIELD]: await c.captcha() }));
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      success: false,
      error_code: 'open_orders_limit',
      message: 'You already have 2 unpaid orders holding items. Please pay for one of them, or wait until its reservation ends, before placing another order.',
    });
    expect(await stockOf(server, item)).toEqual({ quantity: 5, is_reserved: false });
    // Orders of won auctions awaiting payment don't count against the cap.
    const winner = await createCustomer(server.database.db);
    for (const n of [1, 2, 3]) {
      await insertTestOrder(server.database.db, {
        user_id: winner.id,
        order_reference: `ORD-WON-${winner.id}-${n}`,
        source: 'auction',
        status: 'awaiting_payment',
        payment_method: null,
      });
    }
    const buyer = new TestClient(server.url, winner.token);
    buyer.headers['x-forwarded-for'] = '203.0.113.20';
    const bought = await createItem(server.database.db, { auction_type_id: cashTypes.get(server)!, target_amount: 30_000, date_to: null });
    await buyer.post(`/cart/add/${bought}`);
    expect((await buyer.post('/dpopay/checkout-payment', body('0999 555 666'))).status).toBe(200);
    // Another phone from another address is not affected.
    const other = await guestWithItem(server, '203.0.113.10');
    expect((await other.c.post('/dpopay/checkout-payment', body('0999 777 888'))).status).toBe(200);
  });

  it('when one address holds 3 unpaid orders under different phones, then a fourth from it is refused', async () => {
    for (const n of [1, 2, 3]) {
      const { c } = await guestWithItem(server, '192.0.2.50');
      expect((await c.post('/dpopay/checkout-payment', body(`0999 300 00${n}`))).status).toBe(200);
    }
    const { c, item } = await guestWithItem(server, '192.0.2.50');
    const fourth = await c.post('/dpopay/checkout-payment', body('0999 300 004'));
    expect(fourth.status).toBe(429);
    expect(fourth.body.error_code).toBe('open_orders_limit');
    expect((await stockOf(server, item)).quantity).toBe(1);
  });
});

describe('checkouts are rate limited per caller (issue 18)', () => {
  it('when one caller checks out more than CHECKOUT_RATE_LIMIT times in 15 minutes, then 429 with Retry-After and a clear message', async () => {
    const statuses: number[] = [];
    let last: { status: number; body: Record<string, unknown> } | undefined;
    for (let i = 0; i < 3; i++) {
      const { c } = await guestWithItem(limited);
      last = await c.post('/dpopay/checkout-payment', body(`0999 400 00${i}`));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last!.body).toMatchObject({ success: false, message: 'Too many orders from this connection. Please wait a few minutes and try again.' });
    const { c } = await guestWithItem(limited);
    const res = await fetch(`${limited.url}/checkout/cash`, {
      method: 'POST',
      headers: { ...c.headers, 'content-type': 'application/json', cookie: c.cookieHeader(), 'x-xsrf-token': decodeURIComponent(c.cookie('XSRF-TOKEN') ?? '') },
      body: JSON.stringify(body('0999 400 009')),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
