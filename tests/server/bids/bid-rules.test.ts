import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
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

describe('POST /ajax-bid rules (spec/shopping.md §4-5, §8)', () => {
  it('when signed out, then 401 with the spec message and nothing is stored', async () => {
    const itemId = await createItem(server.database.db);
    const res = await new TestClient(server.url).post('/ajax-bid', { item_id: itemId, amount: 200000 }, { csrf: false });
    // Cookie-less web request without a token: CSRF is checked before sign-in.
    expect([401, 419]).toContain(res.status);
    const guest = new TestClient(server.url);
    await guest.get('/sanctum/csrf-cookie');
    const signedOut = await guest.post('/ajax-bid', { item_id: itemId, amount: 200000 });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('You must be signed in to place a bid');
    expect(await server.database.db.selectFrom('bids').selectAll().where('item_id', '=', itemId).execute()).toHaveLength(0);
  });

  it('when the user lacks place_bids, then 403', async () => {
    const user = await createCustomer(server.database.db, { withoutBidPermission: true });
    const itemId = await createItem(server.database.db);
    const res = await new TestClient(server.url, user.token).post('/ajax-bid', { item_id: itemId, amount: 200000 });
    expect(res.status).toBe(403);
  });

  it('when the amount is not a positive whole number, then 422 Please enter a valid amount', async () => {
    const user = await createCustomer(server.database.db);
    const itemId = await createItem(server.database.db);
    for (const amount of [-5, 0, 'abc', 12.5]) {
      const res = await new TestClient(server.url, user.token).post('/ajax-bid', { item_id: itemId, amount });
      expect(res.status).toBe(422);
      expect(res.body.errors.amount).toEqual(['Please enter a valid amount']);
    }
  });

  it('when the bid is below starting amount plus increment, then 422 less than current; at the minimum it is accepted', async () => {
    const user = await createCustomer(server.database.db);
    const itemId = await createItem(server.database.db, { target_amount: 100_000 });
    const client = new TestClient(server.url, user.token);
    const low = await client.post('/ajax-bid', { item_id: itemId, amount: 100_000 });
    expect(low.status).toBe(422);
    expect(low.body.error).toBe('Your bid is less than current minimum bid of MK 100,001');
    expect(low.body.min_next_bid).toBe(100_001);
    const ok = await client.post('/ajax-bid', { item_id: itemId, amount: '100,001' });
    expect(ok.status).toBe(200);
    expect(ok.body.item).toMatchObject({ bid_amount: 100_001, bid_count: 1, min_next_bid: 100_002 });
  });

  it('when the increment setting is 5,000, then the minimum follows it', async () => {
    const db = server.database.db;
    await db.updateTable('settings').set({ value: '5000' }).where('key', '=', 'auction_bid_increment').execute();
    try {
      const user = await createCustomer(db);
      const itemId = await createItem(db, { target_amount: 100_000 });
      const client = new TestClient(server.url, user.token);
      expect((await client.get('/api/settings/auction-bid-increment')).body).toEqual({ value: 5000, max_bid_factor: 10 });
      expect((await client.post('/ajax-bid', { item_id: itemId, amount: 104_999 })).status).toBe(422);
      expect((await client.post('/ajax-bid', { item_id: itemId, amount: 105_000 })).status).toBe(200);
    } finally {
      await db.updateTable('settings').set({ value: '1' }).where('key', '=', 'auction_bid_increment').execute();
    }
  });

  it('when the item is a cash sale, closed, ended or not started, then the bid is refused with a clear message', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    const client = new TestClient(server.url, user.token);
    const cash = await createItem(db, { kind: 'cash', date_to: null });
    const closed = await createItem(db, { closed_by: user.id, status: 'sold' });
    const ended = await createItem(db, { date_to: new Date(Date.now() - 1000) });
    const upcoming = await createItem(db, { date_from: new Date(Date.now() + 3600_000) });
    expect((await client.post('/ajax-bid', { item_id: cash, amount: 500_000 })).body.reason).toBe('cash_item');
    expect((await client.post('/ajax-bid', { item_id: closed, amount: 500_000 })).body.error).toBe('This auction has ended');
    expect((await client.post('/ajax-bid', { item_id: ended, amount: 500_000 })).body.error).toBe('This auction has ended');
    expect((await client.post('/ajax-bid', { item_id: upcoming, amount: 500_000 })).body.reason).toBe('not_started');
    expect((await client.post('/ajax-bid', { item_id: 999999, amount: 500_000 })).status).toBe(404);
  });

  it('when a live item is bid on without a subscription, then 403 with the spec text; with an active one it is accepted', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    const typeRow = await db
      .insertInto('auction_types')
      .values({ name: 'Live Auction - Blantyre Monthly', type: 'live', description: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const itemId = await createItem(db, { auction_type_id: typeRow.id });
    const client = new TestClient(server.url, user.token);
    const refused = await client.post('/ajax-bid', { item_id: itemId, amount: 200_000 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You need to subscribe to "Live Auction - Blantyre Monthly" to place bids on this live auction item.');
    await db
      .insertInto('auction_subscriptions')
      .values({ user_id: user.id, auction_type_id: typeRow.id, reference_number: `REF-${itemId}`, status: 'active', decline_reason: null, reviewed_by: null })
      .execute();
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 200_000 })).status).toBe(200);
  });

  it('when someone outbids the leader, then the previous leader receives bid:outbid in their user room', async () => {
    const db = server.database.db;
    const first = await createCustomer(db);
    const second = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });
    const socket = connect(server.url, { transports: ['websocket'], auth: { token: first.token }, forceNew: true });
    const outbid: unknown[] = [];
    socket.on('bid:outbid', (e) => outbid.push(e));
    await new Promise<void>((r) => socket.on('connect', r));
    expect((await new TestClient(server.url, first.token).post('/ajax-bid', { item_id: itemId, amount: 2000 })).status).toBe(200);
    expect((await new TestClient(server.url, second.token).post('/ajax-bid', { item_id: itemId, amount: 3000 })).status).toBe(200);
    await expect.poll(() => outbid.length).toBe(1);
    expect(outbid[0]).toEqual({ item_id: itemId, bid_amount: 3000, your_bid: 2000 });
    socket.disconnect();
  });
});
