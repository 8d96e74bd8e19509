import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let admin: { id: number; token: string };
beforeAll(async () => {
  server = await startTestServer();
  const a = await createCustomer(server.database.db, { name: 'Gavel Admin' });
  await grantRole(server.database.db, a.id, 'admin');
  admin = a;
});
afterAll(async () => {
  await server?.stop();
});

/** Stores bids directly (oldest first): the history API reads them as they are. */
async function storeBids(itemId: number, bids: { userId: number; amount: number }[]) {
  for (const [i, b] of bids.entries()) {
    await server.database.db
      .insertInto('bids')
      .values({ item_id: itemId, user_id: b.userId, bid_amount: b.amount, created_at: new Date(Date.now() - (bids.length - i) * 60_000) })
      .execute();
  }
}

const names = async (client: TestClient, itemId: number) =>
  ((await client.get(`/api/open-item/${itemId}/bids?page=1&per_page=10`)).body.data as { user: { name: string | null } }[]).map((b) => b.user.name);

const setMasking = (on: boolean) => new TestClient(server.url, admin.token).request('PATCH', '/api/admin/settings', { mask_bidder_names: on });

describe('bidder names in bid histories (spec/shopping.md §2; issue 20 item 8)', () => {
  it('when the setting is off (the default), then everyone sees full names, and a missing name stays missing', async () => {
    const db = server.database.db;
    const itemId = await createItem(db);
    const chikondi = await createCustomer(db, { name: 'Chikondi Banda' });
    const blank = await createCustomer(db, { name: ' ' });
    await storeBids(itemId, [
      { userId: chikondi.id, amount: 110_000 },
      { userId: blank.id, amount: 120_000 },
    ]);
    expect((await new TestClient(server.url, admin.token).get('/api/admin/settings')).body.data).toMatchObject({
      mask_bidder_names: false,
      vat_rate_percent: 16.5,
      payment_due_days: 3,
    });
    expect(await names(new TestClient(server.url), itemId)).toEqual([' ', 'Chikondi Banda']);
  });

  it('when an operator masks names, then guests and other bidders see initials and a stable bidder number, the bidder their own name, operators all names', async () => {
    const db = server.database.db;
    const itemId = await createItem(db);
    const chikondi = await createCustomer(db, { name: 'Chikondi Banda' });
    const thoko = await createCustomer(db, { name: 'Thoko Mwale' });
    await storeBids(itemId, [
      { userId: chikondi.id, amount: 110_000 },
      { userId: thoko.id, amount: 120_000 },
      { userId: chikondi.id, amount: 130_000 },
    ]);
    const changed = await setMasking(true);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ mask_bidder_names: true, vat_rate_percent: 16.5, payment_due_days: 3 });

    expect(await names(new TestClient(server.url), itemId)).toEqual(['C••••• B. (Bidder 1)', 'T••••• M. (Bidder 2)', 'C••••• B. (Bidder 1)']);
    expect(await names(new TestClient(server.url, thoko.token), itemId)).toEqual(['C••••• B. (Bidder 1)', 'Thoko Mwale', 'C••••• B. (Bidder 1)']);
    expect(await names(new TestClient(server.url, admin.token), itemId)).toEqual(['Chikondi Banda', 'Thoko Mwale', 'Chikondi Banda']);

    const events = await db.selectFrom('domain_events').select(['actor_id', 'payload']).where('type', '=', 'setting.changed').execute();
    expect(events.map((e) => [e.actor_id, e.payload])).toEqual([[admin.id, { key: 'mask_bidder_names', before: false, after: true }]]);
    await setMasking(false);
  });

  it('when names are masked and a bid is placed, then bid:placed carries the masked name to watchers, the full name to the bidder and operators', async () => {
    const db = server.database.db;
    const itemId = await createItem(db, { target_amount: 1000 });
    const first = await createCustomer(db, { name: 'Kondwani Mwale' });
    const second = await createCustomer(db, { name: 'Alinafe Phiri' });
    expect((await new TestClient(server.url, first.token).post('/ajax-bid', { item_id: itemId, amount: 1100 })).status).toBe(200);
    await setMasking(true);
    const watch = async (auth?: { token: string }) => {
      const socket: Socket = connect(server.url, { transports: ['websocket'], forceNew: true, ...(auth ? { auth } : {}) });
      const seen: (string | null)[] = [];
      socket.on('bid:placed', (e: { bid: { user: { name: string | null } | null } }) => seen.push(e.bid.user?.name ?? null));
      await new Promise<void>((r) => socket.on('connect', r));
      await socket.emitWithAck('item:subscribe', { item_id: itemId });
      return { socket, seen };
    };
    // The setting reaches the presenter through its event: give it a moment.
    await new Promise((r) => setTimeout(r, 300));
    const [guest, bidder, operator] = await Promise.all([watch(), watch({ token: second.token }), watch({ token: admin.token })]);
    const placed = await new TestClient(server.url, second.token).post('/ajax-bid', { item_id: itemId, amount: 5000 });
    expect(placed.status).toBe(200);
    await expect.poll(() => guest.seen).toEqual(['A••••• P. (Bidder 2)']);
    await expect.poll(() => bidder.seen).toEqual(['Alinafe Phiri']);
    await expect.poll(() => operator.seen).toEqual(['Alinafe Phiri']);
    for (const w of [guest, bidder, operator]) w.socket.disconnect();
    await setMasking(false);
  });

  it('when the setting change is bad or not by an operator, then 422 or 403', async () => {
    expect((await new TestClient(server.url, admin.token).request('PATCH', '/api/admin/settings', { mask_bidder_names: 'yes' })).status).toBe(422);
    const customer = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, customer.token).request('PATCH', '/api/admin/settings', { mask_bidder_names: true })).status).toBe(403);
  });
});

describe('the VAT rate on the buyer’s premium (issue 13 "Settlement and results")', () => {
  it('when an operator sets the VAT rate, then it is kept, audited, and bad rates are refused with 422', async () => {
    const client = new TestClient(server.url, admin.token);
    const changed = await client.request('PATCH', '/api/admin/settings', { vat_rate_percent: 17.5 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.vat_rate_percent).toBe(17.5);
    expect((await client.get('/api/admin/settings')).body.data.vat_rate_percent).toBe(17.5);
    const events = await server.database.db.selectFrom('domain_events').select('payload').where('type', '=', 'setting.changed').execute();
    expect(events.map((e) => e.payload)).toContainEqual({ key: 'vat_rate_percent', before: 16.5, after: 17.5 });
    for (const bad of [-1, 101, 16.555, 'ten']) {
      const res = await client.request('PATCH', '/api/admin/settings', { vat_rate_percent: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors.vat_rate_percent).toHaveLength(1);
    }
    await client.request('PATCH', '/api/admin/settings', { vat_rate_percent: 16.5 });
  });
});

describe('the payment deadline of invoices (issue 13 "Settlement")', () => {
  it('when an operator sets the days to pay, then it is kept and audited; fractions, zero and more than 60 days are refused with 422', async () => {
    const client = new TestClient(server.url, admin.token);
    const changed = await client.request('PATCH', '/api/admin/settings', { payment_due_days: 7 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.payment_due_days).toBe(7);
    const events = await server.database.db.selectFrom('domain_events').select('payload').where('type', '=', 'setting.changed').execute();
    expect(events.map((e) => e.payload)).toContainEqual({ key: 'payment_due_days', before: 3, after: 7 });
    for (const bad of [0, 61, 2.5, '7']) {
      const res = await client.request('PATCH', '/api/admin/settings', { payment_due_days: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors.payment_due_days).toHaveLength(1);
    }
    await client.request('PATCH', '/api/admin/settings', { payment_due_days: 3 });
    expect((await client.get('/api/admin/settings')).body.data.payment_due_days).toBe(3);
  });
});
