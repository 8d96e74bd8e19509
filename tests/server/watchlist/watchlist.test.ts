import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
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

/** A signed-in socket (a browser tab of the user) collecting `watchlist:count` payloads. */
async function openTab(token: string): Promise<{ socket: Socket; counts: number[] }> {
  const socket = connect(server.url, { transports: ['websocket'], auth: { token }, forceNew: true });
  const counts: number[] = [];
  socket.on('watchlist:count', (e: { count: number }) => counts.push(e.count));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, counts };
}

describe('watchlist contract (spec/accounts-and-shell.md §5, §7)', () => {
  it('when signed out, then every watchlist call is 401 with the spec message', async () => {
    const guest = new TestClient(server.url);
    const itemId = await createItem(server.database.db);
    const manage = 'Please sign in to manage your watchlist';
    expect(await guest.get('/api/watchlist')).toMatchObject({ status: 401, body: { message: manage } });
    expect(await guest.post('/api/watchlist', { item_id: itemId })).toMatchObject({
      status: 401,
      body: { message: 'Please sign in to add items to your watchlist' },
    });
    expect(await guest.request('DELETE', `/api/watchlist/${itemId}`)).toMatchObject({ status: 401, body: { message: manage } });
    expect(await guest.get(`/api/watchlist/check/${itemId}`)).toMatchObject({ status: 401, body: { message: manage } });
    expect(await guest.get('/api/watchlist/count')).toMatchObject({ status: 401, body: { message: manage } });
  });

  it('when an item is added twice, then it is listed once and the second add is not an error; an unknown item is 404', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    const api = new TestClient(server.url, user.token);
    const itemId = await createItem(db, { name: 'Mahogany dining set' });

    const first = await api.post('/api/watchlist', { item_id: itemId });
    expect(first).toMatchObject({ status: 200, body: { success: true, in_watchlist: true, changed: true, count: 1 } });
    const second = await api.post('/api/watchlist', { item_id: itemId });
    expect(second).toMatchObject({ status: 200, body: { success: true, in_watchlist: true, changed: false, count: 1 } });
    const rows = await db.selectFrom('watchlist_items').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);

    expect(await api.post('/api/watchlist', { item_id: 987_654_321 })).toMatchObject({ status: 404, body: { message: 'Item not found' } });
    expect((await api.post('/api/watchlist', { item_id: 'abc' })).status).toBe(422);
    expect(await api.get('/api/watchlist/count')).toMatchObject({ status: 200, body: { count: 1 } });
  });

  it('when listing, then newest first with {data, meta}, 15 per page by default, later pages and search', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    const api = new TestClient(server.url, user.token);
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      const id = await createItem(db, { name: i === 3 ? 'Yamaha outboard engine 40 HP' : `Office chair ${i}` });
      ids.push(id);
      expect((await api.post('/api/watchlist', { item_id: id })).status).toBe(200);
    }
    const page1 = await api.get('/api/watchlist');
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 15, total: 16, from: 1, to: 15 });
    expect(page1.body.data).toHaveLength(15);
    expect(page1.body.data[0]).toMatchObject({ id: ids[15], name: 'Office chair 15' });
    expect(typeof page1.body.data[0].added_at).toBe('string');
    const page2 = await api.get('/api/watchlist?page=2');
    expect(page2.body.meta).toMatchObject({ current_page: 2, from: 16, to: 16 });
    expect(page2.body.data.map((d: { id: number }) => d.id)).toEqual([ids[0]]);

    const found = await api.get('/api/watchlist?search=outboard');
    expect(found.body.data.map((d: { id: number }) => d.id)).toEqual([ids[3]]);
    expect(found.body.meta.total).toBe(1);
  });

  it('when an item is checked and removed, then check answers membership and remove is idempotent', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    const api = new TestClient(server.url, user.token);
    const itemId = await createItem(db);
    expect(await api.get(`/api/watchlist/check/${itemId}`)).toMatchObject({ status: 200, body: { in_watchlist: false } });
    await api.post('/api/watchlist', { item_id: itemId });
    expect(await api.get(`/api/watchlist/check/${itemId}`)).toMatchObject({ body: { in_watchlist: true } });
    expect(await api.request('DELETE', `/api/watchlist/${itemId}`)).toMatchObject({ status: 200, body: { in_watchlist: false, changed: true, count: 0 } });
    expect(await api.request('DELETE', `/api/watchlist/${itemId}`)).toMatchObject({ status: 200, body: { changed: false, count: 0 } });
    expect(await api.get(`/api/watchlist/check/${itemId}`)).toMatchObject({ body: { in_watchlist: false } });
  });

  it('when a browser session adds an item, then the anti-forgery header is required (419 without it)', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    const browser = new TestClient(server.url);
    expect((await browser.login(user.email)).status).toBe(200);
    const itemId = await createItem(db);
    expect((await browser.post('/api/watchlist', { item_id: itemId }, { csrf: false })).status).toBe(419);
    expect(await browser.post('/api/watchlist', { item_id: itemId })).toMatchObject({ status: 200, body: { count: 1 } });
  });

  it('when one user changes the watchlist, then every tab of that user gets watchlist:count and other users get nothing', async () => {
    const db = server.database.db;
    const alice = await createCustomer(db);
    const bob = await createCustomer(db);
    const [tab1, tab2, bobTab] = await Promise.all([openTab(alice.token), openTab(alice.token), openTab(bob.token)]);
    try {
      const api = new TestClient(server.url, alice.token);
      const a = await createItem(db);
      const b = await createItem(db);
      await api.post('/api/watchlist', { item_id: a });
      await api.post('/api/watchlist', { item_id: b });
      await api.request('DELETE', `/api/watchlist/${a}`);
      await expect.poll(() => tab2.counts, { timeout: 2000 }).toEqual([1, 2, 1]);
      expect(tab1.counts).toEqual([1, 2, 1]);
      expect(bobTab.counts).toEqual([]);
      // Bob's lists stay his own.
      const bobApi = new TestClient(server.url, bob.token);
      expect(await bobApi.get('/api/watchlist')).toMatchObject({ body: { data: [], meta: { total: 0 } } });
      expect(await bobApi.get(`/api/watchlist/check/${b}`)).toMatchObject({ body: { in_watchlist: false } });
    } finally {
      for (const t of [tab1, tab2, bobTab]) t.socket.close();
    }
  });
});
