import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionType, createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { TEST_ENGINES, startTestServer, type TestServer } from '../../helpers/test-server.js';

const checkoutBody = {
  customer: { firstName: 'Thoko', lastName: 'Phiri', email: 'thoko@example.mw', phone: '0999 123 456' },
  billing: { address: 'Area 47, Sector 3', city: 'Central', state: 'Lilongwe', postalCode: '', country: 'Malawi' },
  cart: { items: [], total: 1 },
  currency: 'MWK',
  payment_method: 'cash',
};

// What every `npm start` user runs: the embedded scheduler's sweep (once a second) releases an
// expired cash-on-delivery reservation through the releaseReservation command.
describe.each(TEST_ENGINES)('on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('when a cash reservation expires, then the in-process sweep cancels the order once, the lot is back on sale for its watchers, and the audit trail names the job', async () => {
    const db = server.database.db;
    const cashType = await createAuctionType(db, 'cash', 'Daily Sale');
    const item = await createItem(db, { auction_type_id: cashType, name: 'Chest freezer', target_amount: 420_000, date_to: null });
    const buyer = await createCustomer(db);
    const client = new TestClient(server.url);
    await client.login(buyer.email);
    await client.post(`/cart/add/${item}`);
    const placed = await client.post('/checkout/cash', checkoutBody);
    expect(placed.status).toBe(200);
    const order = await db.selectFrom('orders').select(['id', 'status']).where('order_reference', '=', placed.body.order_reference).executeTakeFirstOrThrow();
    expect(order.status).toBe('reserved');

    const watcher = connect(server.url, { transports: ['websocket'], forceNew: true });
    const updates: { is_reserved: boolean }[] = [];
    watcher.on('item:updated', (e: { id: number; is_reserved: boolean }) => {
      if (e.id === item) updates.push({ is_reserved: e.is_reserved });
    });
    await new Promise<void>((resolve) => watcher.on('connect', () => resolve()));
    await watcher.emitWithAck('item:subscribe', { item_id: item });

    // The reservation runs out (as if its hours had passed).
    // The lot first, with the very same time: the sweep may run at any moment, and an order
    // releases only the lots whose reservation is its own (same reserved_until).
    const expired = new Date(Date.now() - 1000);
    await db.updateTable('items').set({ reserved_until: expired }).where('id', '=', item).execute();
    await db.updateTable('orders').set({ reserved_until: expired }).where('id', '=', order.id).execute();

    await expect
      .poll(async () => (await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status, { timeout: 5000 })
      .toBe('cancelled');
    await expect.poll(() => updates.at(-1), { timeout: 5000 }).toEqual({ is_reserved: false });
    const lot = await db.selectFrom('items').select(['is_reserved', 'status']).where('id', '=', item).executeTakeFirstOrThrow();
    expect(lot).toEqual({ is_reserved: false, status: 'available' });

    await new Promise((r) => setTimeout(r, 1500)); // another sweep or two: nothing more happens
    const logged = await db
      .selectFrom('domain_events')
      .select(['type', 'actor_type', 'actor_name', 'payload'])
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', order.id)
      .where('type', '=', 'order.status_changed')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor_type: 'system',
      actor_name: 'reservation-release',
      payload: { before: 'reserved', after: 'cancelled', item_ids: [item] },
    });
    watcher.disconnect();
  });
});
