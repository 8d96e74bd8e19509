import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { createAuctionType, createCustomer, createItem } from '../../helpers/factories.js';
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

async function cashItem(overrides: { name?: string; price?: number; quantity?: number } = {}): Promise<number> {
  const id = await createItem(server.database.db, { auction_type_id: cashType, name: overrides.name, target_amount: overrides.price ?? 25_000, date_to: null });
  if (overrides.quantity) await server.database.db.updateTable('items').set({ quantity: overrides.quantity }).where('id', '=', id).execute();
  return id;
}

async function guest(): Promise<TestClient> {
  const c = new TestClient(server.url);
  await c.get('/sanctum/csrf-cookie');
  await c.get('/api/cart');
  return c;
}

/** The id of the newest event-log row (0 when none): later rows are what a test caused. */
async function lastEventId(): Promise<number> {
  const row = await server.database.db
    .selectFrom('domain_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The `cart.changed` rows recorded after `afterId`, oldest first. */
async function cartEventsAfter(afterId: number) {
  const rows = await server.database.db
    .selectFrom('domain_events')
    .select(['type', 'subject_type', 'actor_type', 'actor_id', 'payload'])
    .where('id', '>', afterId)
    .where('type', '=', 'cart.changed')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    actor_id: r.actor_id == null ? null : Number(r.actor_id),
    payload: r.payload as { owner: { user_id: number | null; guest_hash: string | null }; item_id: number | null; action: string },
  }));
}

describe('cart (spec/shopping.md §4 "Cart behaviour", §7)', () => {
  it('when a guest adds, updates and removes, then the cart answers the server prices and refuses duplicates, auction lots, sold and reserved items', async () => {
    const c = await guest();
    const sofa = await cashItem({ name: 'Three-seater sofa', price: 180_000, quantity: 5 });
    const lot = await createItem(server.database.db, { kind: 'online' });
    const sold = await createItem(server.database.db, { auction_type_id: cashType, status: 'sold' });
    const reserved = await createItem(server.database.db, { auction_type_id: cashType, is_reserved: true });

    const added = await c.post(`/cart/add/${sofa}`, { quantity: 1, source: 'frontend' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ success: true, message: 'Three-seater sofa added to cart', cart: { count: 1, total: 180_000 } });
    expect((await c.post(`/cart/add/${sofa}`, { quantity: 1 })).body).toMatchObject({ message: 'Item is already in cart' });
    expect((await c.post(`/cart/add/${lot}`)).status).toBe(422);
    expect((await c.post(`/cart/add/${sold}`)).body.message).toBe('This item has been sold');
    expect((await c.post(`/cart/add/${reserved}`)).body.message).toBe('This item is reserved for a cash-on-delivery order');
    expect((await c.request('PATCH', `/cart/update/${sofa}`, { quantity: 100 })).status).toBe(422);
    expect((await c.request('PATCH', `/cart/update/${sofa}`, { quantity: 3 })).body.cart).toMatchObject({ count: 3, total: 540_000 });
    const cart = await c.get('/api/cart');
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0]).toMatchObject({ id: sofa, quantity: 3, target_amount: 180_000, is_reserved: false, auction_type: { type: 'cash' } });
    expect((await c.request('DELETE', `/cart/remove/${sofa}`)).body.cart.count).toBe(0);
    expect((await c.request('DELETE', `/cart/remove/${sofa}`)).body.message).toBe('Item not found in cart.');
  });

  it('when another tab of the same guest is connected, then it receives cart:updated for every change', async () => {
    const c = await guest();
    const item = await cashItem({ name: 'Office chair' });
    const socket: Socket = ioClient(server.url, { transports: ['websocket'], extraHeaders: { cookie: c.cookieHeader() } });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const got = new Promise<{ count: number; items: { id: number }[] }>((resolve) => socket.on('cart:updated', (e) => resolve(e as never)));
    await c.post(`/cart/add/${item}`, { quantity: 1 });
    const event = await got;
    expect(event.count).toBe(1);
    expect(event.items[0].id).toBe(item);
    socket.close();
  });

  it('when a guest signs in, then the guest cart merges into the user cart', async () => {
    const c = await guest();
    const user = await createCustomer(server.database.db);
    const a = await cashItem({ quantity: 3 });
    await c.post(`/cart/add/${a}`, { quantity: 2 });
    await c.login(user.email);
    const cart = await c.get('/api/cart');
    expect(cart.body.items.map((i: { id: number }) => i.id)).toEqual([a]);
    expect(cart.body.count).toBe(2);
  });

  it('when an item in the cart is sold, then validation reports it and removes it; a reserved one stays as an issue', async () => {
    const c = await guest();
    const a = await cashItem({ name: 'Deep freezer' });
    const b = await cashItem({ name: 'Gas cooker' });
    await c.post(`/cart/add/${a}`);
    await c.post(`/cart/add/${b}`);
    await server.database.db.updateTable('items').set({ status: 'sold' }).where('id', '=', a).execute();
    await server.database.db.updateTable('items').set({ is_reserved: true }).where('id', '=', b).execute();
    const v = await c.post('/api/cart/validate', { item_ids: [a, b] });
    expect(v.body.unavailable_items).toEqual([a]);
    expect(v.body.issues).toEqual(['"Deep freezer" has been sold and is no longer available', '"Gas cooker" is reserved for a cash-on-delivery order']);
    expect((await c.get('/api/cart')).body.items.map((i: { id: number }) => i.id)).toEqual([b]);
  });
});

describe('cart changes in the event log (DESIGN.md "Commands, events, audit")', () => {
  it('when a guest changes the cart, then each change is one cart.changed row by a guest; reading or a refused change records nothing', async () => {
    const c = await guest();
    const chair = await cashItem({ name: 'Dining chair', quantity: 4 });
    const before = await lastEventId();
    await c.post(`/cart/add/${chair}`, { quantity: 1 });
    await c.post(`/cart/add/${chair}`, { quantity: 1 });
    await c.request('PATCH', `/cart/update/${chair}`, { quantity: 2 });
    await c.get('/api/cart');
    await c.get('/api/cart/items');
    await c.request('DELETE', `/cart/remove/${chair}`);
    await c.post('/api/cart/clear');
    const events = await cartEventsAfter(before);
    expect(events.map((e) => [e.payload.action, e.payload.item_id])).toEqual([
      ['added', chair],
      ['quantity', chair],
      ['removed', chair],
    ]);
    for (const e of events) {
      expect(e).toMatchObject({ subject_type: 'cart', actor_type: 'guest', actor_id: null });
      expect(e.payload.owner).toEqual({ user_id: null, guest_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
  });

  it('when a signed-in buyer with a guest cart reads the cart, then one merge is recorded as theirs; the next read records nothing', async () => {
    const c = await guest();
    const user = await createCustomer(server.database.db);
    const lamp = await cashItem({ name: 'Floor lamp' });
    await c.post(`/cart/add/${lamp}`);
    await c.login(user.email);
    const before = await lastEventId();
    expect((await c.get('/api/cart')).body.items.map((i: { id: number }) => i.id)).toEqual([lamp]);
    expect((await c.get('/api/cart')).body.count).toBe(1);
    const events = await cartEventsAfter(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor_type: 'user',
      actor_id: user.id,
      payload: { action: 'merged', item_id: null, owner: { user_id: user.id, guest_hash: null } },
    });
    await c.post('/api/cart/clear');
    const cleared = await cartEventsAfter(before);
    expect(cleared.at(-1)).toMatchObject({ actor_type: 'user', actor_id: user.id, payload: { action: 'cleared' } });
  });

  it('when validation removes an unavailable line, then its removal is recorded; a validation that removes nothing records nothing', async () => {
    const c = await guest();
    const kettle = await cashItem({ name: 'Kettle' });
    await c.post(`/cart/add/${kettle}`);
    const before = await lastEventId();
    expect((await c.post('/api/cart/validate', { item_ids: [] })).body).toEqual({ issues: [], unavailable_items: [], reserved_items: [] });
    expect(await cartEventsAfter(before)).toEqual([]);
    await server.database.db.updateTable('items').set({ status: 'withdrawn' }).where('id', '=', kettle).execute();
    expect((await c.post('/api/cart/validate', { item_ids: [] })).body.unavailable_items).toEqual([kettle]);
    const events = await cartEventsAfter(before);
    expect(events.map((e) => [e.payload.action, e.payload.item_id])).toEqual([['removed_unavailable', kettle]]);
  });
});
