import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionType, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let cashType: number;

beforeAll(async () => {
  server = await startTestServer();
  cashType = await createAuctionType(server.database.db, 'cash', 'Daily Sale');
});
afterAll(async () => {
  await server?.stop();
});

const cashItem = () => createItem(server.database.db, { auction_type_id: cashType, target_amount: 25_000, date_to: null });

/** A guest with an anti-forgery cookie and a cart cookie holding `itemId`. */
async function guestWith(itemId: number): Promise<TestClient> {
  const c = new TestClient(server.url);
  await c.get('/sanctum/csrf-cookie');
  await c.get('/api/cart');
  expect((await c.post(`/cart/add/${itemId}`, { quantity: 1 })).status).toBe(200);
  return c;
}

const cartIds = async (c: TestClient) => ((await c.get('/api/cart')).body.items as { id: number }[]).map((i) => i.id);

/** A GET of one of the spec's cart links with the guest's cookies and the given headers; answers status and Location. */
async function follow(c: TestClient, path: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: c.cookieHeader(), ...headers }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}

describe('a guest cart is changed only by its own pages (issue 18)', () => {
  it('when a guest cart is cleared without the anti-forgery header, then 419 and the cart keeps its items; with it, cleared', async () => {
    const item = await cashItem();
    const c = await guestWith(item);
    expect((await c.post('/api/cart/clear', {}, { csrf: false })).status).toBe(419);
    expect(await cartIds(c)).toEqual([item]);
    expect((await c.post('/api/cart/clear')).status).toBe(200);
    expect(await cartIds(c)).toEqual([]);
  });

  it('when another site sends the visitor to /add-to-cart/{id}, then nothing is added and they land on the item page', async () => {
    const [held, offered] = [await cashItem(), await cashItem()];
    const c = await guestWith(held);
    expect(await follow(c, `/add-to-cart/${offered}?checkout=true`, { 'sec-fetch-site': 'cross-site' })).toEqual({ status: 303, location: `/item/${offered}` });
    expect(await follow(c, `/add-to-cart/${offered}`, { referer: 'https://evil.example/page' })).toEqual({ status: 303, location: `/item/${offered}` });
    expect(await cartIds(c)).toEqual([held]);
    // From Gavel's own page (or a typed address), the spec's link still works.
    expect(await follow(c, `/add-to-cart/${offered}?checkout=true`, { 'sec-fetch-site': 'same-origin', referer: `${server.url}/item/${offered}` })).toEqual({
      status: 303,
      location: '/checkout',
    });
    expect((await cartIds(c)).sort()).toEqual([held, offered].sort());
  });

  it('when another site sends the visitor to /remove-from-cart/{id}, then the item stays in the cart', async () => {
    const item = await cashItem();
    const c = await guestWith(item);
    expect((await follow(c, `/remove-from-cart/${item}`, { 'sec-fetch-site': 'cross-site' })).location).toBe('/cart');
    expect((await follow(c, `/remove-from-cart/${item}`, { referer: 'http://gavel.mw.evil.example/' })).location).toBe('/cart');
    expect(await cartIds(c)).toEqual([item]);
    await follow(c, `/remove-from-cart/${item}`, { 'sec-fetch-site': 'same-origin' });
    expect(await cartIds(c)).toEqual([]);
  });
});
