import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleReleaseReservation } from '../../../server/jobs/release-reservation.job.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let cashType: number;
let admin: TestClient;
let otherAdmin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  cashType = await createAuctionType(db, 'cash', 'Daily Sale');
  const a = await createCustomer(db, { name: 'Operator One' });
  await grantRole(db, a.id, 'admin');
  admin = new TestClient(server.url, a.token);
  const b = await createCustomer(db, { name: 'Operator Two' });
  await grantRole(db, b.id, 'admin');
  otherAdmin = new TestClient(server.url, b.token);
});
afterAll(async () => {
  await server?.stop();
});

const checkoutBody = {
  customer: { firstName: 'Chikondi', lastName: 'Banda', email: 'chikondi@example.mw', phone: '0888 123 456' },
  billing: { address: 'Plot 12, Namiwawa', city: 'Southern', state: 'Blantyre', postalCode: '', country: 'Malawi' },
  cart: { items: [], total: 1 },
  currency: 'MWK',
  payment_method: 'cash',
};

/** A signed-in customer places a cash-on-delivery order for a new daily-sale item through the API. */
async function placeCashOrder(
  opts: { price?: number; name?: string } = {},
): Promise<{ orderId: number; reference: string; itemId: number; buyer: TestClient }> {
  const db = server.database.db;
  const user = await createCustomer(db);
  const buyer = new TestClient(server.url, user.token);
  const itemId = await createItem(db, { auction_type_id: cashType, name: opts.name, target_amount: opts.price ?? 95_000, date_to: null });
  expect((await buyer.post(`/cart/add/${itemId}`)).status).toBe(200);
  const res = await buyer.post('/checkout/cash', checkoutBody);
  expect(res.status).toBe(200);
  const order = await db.selectFrom('orders').select('id').where('order_reference', '=', res.body.order_reference).executeTakeFirstOrThrow();
  return { orderId: order.id, reference: res.body.order_reference, itemId, buyer };
}

/** Whether a fresh guest can put the item in a cart. */
async function buyable(itemId: number): Promise<boolean> {
  const c = new TestClient(server.url);
  await c.get('/sanctum/csrf-cookie');
  return (await c.post(`/cart/add/${itemId}`)).status === 200;
}

describe('admin orders', () => {
  it('when an operator records cash received, then the order and its payment are paid, the item is sold and no longer buyable, and a second press answers 409 already paid', async () => {
    const db = server.database.db;
    const { orderId, reference, itemId } = await placeCashOrder({ name: 'Bicycle', price: 95_000 });
    expect(await buyable(itemId)).toBe(false);

    const res = await admin.post(`/api/admin/orders/${orderId}/cash-received`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { order_reference: reference, status: 'paid', payment_status: 'paid', settled_by: 'Operator One', amount_total: 95_000 },
    });
    expect(res.body.data.paid_at).not.toBeNull();
    const item = await db
      .selectFrom('items')
      .select(['status', 'is_reserved', 'reserved_until', 'quantity', 'closed_by'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ status: 'sold', is_reserved: false, reserved_until: null, quantity: 0 });
    expect(await buyable(itemId)).toBe(false);

    const before = await db.selectFrom('orders').select(['paid_at', 'updated_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const again = await admin.post(`/api/admin/orders/${orderId}/cash-received`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${reference} is already paid.`);
    const after = await db.selectFrom('orders').select(['paid_at', 'updated_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await admin.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'Changed mind' })).status).toBe(409);
  });

  it('when a cash order of one of several units is paid, then the units are taken and the item stays on sale', async () => {
    const db = server.database.db;
    const { orderId, itemId } = await placeCashOrder();
    await db.updateTable('items').set({ quantity: 3 }).where('id', '=', itemId).execute();
    expect((await admin.post(`/api/admin/orders/${orderId}/cash-received`)).status).toBe(200);
    const item = await db.selectFrom('items').select(['status', 'is_reserved', 'quantity']).where('id', '=', itemId).executeTakeFirstOrThrow();
    expect(item).toEqual({ status: 'available', is_reserved: false, quantity: 2 });
    expect(await buyable(itemId)).toBe(true);
  });

  it('when an operator cancels a reservation with a reason, then the order is cancelled, the item is buyable again, and cash can no longer be recorded', async () => {
    const db = server.database.db;
    const { orderId, reference, itemId } = await placeCashOrder();
    const noReason = await admin.post(`/api/admin/orders/${orderId}/cancel`, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeDefined();

    const res = await admin.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'Buyer phoned to cancel' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Buyer phoned to cancel',
      payment_status: 'cancelled',
      settled_by: 'Operator One',
    });
    expect(await db.selectFrom('items').select(['status', 'is_reserved', 'quantity']).where('id', '=', itemId).executeTakeFirstOrThrow()).toEqual({
      status: 'available',
      is_reserved: false,
      quantity: 1,
    });
    expect(await buyable(itemId)).toBe(true);

    const late = await admin.post(`/api/admin/orders/${orderId}/cash-received`);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain(`${reference} was cancelled`);
    expect((await admin.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'Again' })).status).toBe(409);
  });

  it('when the release job has already released a reservation, then cash received answers 409 saying so and nothing changes', async () => {
    const db = server.database.db;
    const { orderId, reference, itemId } = await placeCashOrder();
    const past = new Date(Date.now() - 60_000);
    // The lot first: the embedded sweep (once a second) may release the order at any moment,
    // and an order releases only the lots whose reservation is its own.
    await db.updateTable('items').set({ reserved_until: past }).where('id', '=', itemId).execute();
    await db.updateTable('orders').set({ reserved_until: past }).where('id', '=', orderId).execute();

    // Past reserved_until, whether or not released yet: refused.
    const expired = await admin.post(`/api/admin/orders/${orderId}/cash-received`);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(new RegExp(`The reservation of ${reference} expired|${reference} was cancelled on`));

    // The job (or the sweep before it) releases it once.
    const released = await handleReleaseReservation({ db, runner: server.runner, logger: server.logger }, { order_id: orderId });
    if (released) expect(released).toEqual({ order_id: orderId, item_ids: [itemId] });
    const res = await admin.post(`/api/admin/orders/${orderId}/cash-received`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      new RegExp(`^${reference} was cancelled on .+: its reservation expired and was released, and its items went back on sale\\.$`),
    );
    const order = await db.selectFrom('orders').select(['status', 'paid_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'cancelled', paid_at: null });
    expect((await db.selectFrom('payments').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expect(await buyable(itemId)).toBe(true);
  });

  it('when two operators press cash received at once, then exactly one succeeds and the other is told it is already paid', async () => {
    const db = server.database.db;
    const { orderId, itemId } = await placeCashOrder();
    const results = await Promise.all([
      admin.post(`/api/admin/orders/${orderId}/cash-received`),
      otherAdmin.post(`/api/admin/orders/${orderId}/cash-received`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/is already paid\.$/);
    const payments = await db.selectFrom('payments').select('status').where('order_id', '=', orderId).execute();
    expect(payments).toEqual([{ status: 'paid' }]);
    expect((await db.selectFrom('items').select('quantity').where('id', '=', itemId).executeTakeFirstOrThrow()).quantity).toBe(0);
  });

  it('when an operator records cash received or cancels a reservation, then each writes one order.status_changed row to the audit log naming the operator, before and after, the items and the reason', async () => {
    const db = server.database.db;
    const operator = await createCustomer(db, { name: 'Auditing Operator' });
    await grantRole(db, operator.id, 'admin');
    const auditor = new TestClient(server.url, operator.token);
    const auditRows = (orderId: number) =>
      db
        .selectFrom('domain_events')
        .select(['type', 'subject_type', 'subject_id', 'actor_type', 'actor_id', 'actor_name', 'payload'])
        .where('subject_type', '=', 'order')
        .where('subject_id', '=', orderId)
        .where('type', '=', 'order.status_changed')
        .execute();

    const paid = await placeCashOrder();
    expect((await auditor.post(`/api/admin/orders/${paid.orderId}/cash-received`)).status).toBe(200);
    const paidRows = await auditRows(paid.orderId);
    expect(paidRows).toHaveLength(1);
    expect(paidRows[0]).toMatchObject({ actor_type: 'operator', actor_id: operator.id, actor_name: null });
    expect(paidRows[0].payload).toEqual({
      order_id: paid.orderId,
      reference: paid.reference,
      before: 'reserved',
      after: 'paid',
      item_ids: [paid.itemId],
      reason: 'Cash received on delivery',
    });

    const cancelled = await placeCashOrder();
    expect((await auditor.post(`/api/admin/orders/${cancelled.orderId}/cancel`, { reason: 'Buyer moved away' })).status).toBe(200);
    const cancelRows = await auditRows(cancelled.orderId);
    expect(cancelRows).toHaveLength(1);
    expect(cancelRows[0]).toMatchObject({ actor_type: 'operator', actor_id: operator.id });
    expect(cancelRows[0].payload).toEqual({
      order_id: cancelled.orderId,
      reference: cancelled.reference,
      before: 'reserved',
      after: 'cancelled',
      item_ids: [cancelled.itemId],
      reason: 'Buyer moved away',
    });

    // A refused second press changes nothing and logs nothing.
    expect((await auditor.post(`/api/admin/orders/${paid.orderId}/cash-received`)).status).toBe(409);
    expect(await auditRows(paid.orderId)).toHaveLength(1);
  });

  it('when operators list orders, then they are filtered by status and search, newest first, with customer, total and lines', async () => {
    const first = await placeCashOrder({ name: 'Gas cooker', price: 120_000 });
    const second = await placeCashOrder({ name: 'Deep freezer', price: 310_000 });
    const res = await admin.get('/api/admin/orders?status=reserved&per_page=100');
    expect(res.status).toBe(200);
    const refs = res.body.data.map((o: { order_reference: string }) => o.order_reference);
    expect(refs.indexOf(second.reference)).toBeLessThan(refs.indexOf(first.reference));
    expect(refs.indexOf(first.reference)).toBeGreaterThanOrEqual(0);
    expect(res.body.data.every((o: { status: string }) => o.status === 'reserved')).toBe(true);

    const found = await admin.get(`/api/admin/orders?status=all&search=${second.reference.toLowerCase()}`);
    expect(found.body.meta).toMatchObject({ total: 1, page: 1, last_page: 1 });
    expect(found.body.data[0]).toMatchObject({
      order_reference: second.reference,
      status: 'reserved',
      payment_method: 'cash',
      payment_status: 'pending',
      amount_total: 310_000,
      customer: { name: 'Chikondi Banda', email: 'chikondi@example.mw', phone: '0888 123 456', user_id: expect.any(Number) },
      lines: [{ item_id: second.itemId, name: 'Deep freezer', quantity: 1, unit_price: 310_000, amount: 310_000 }],
    });
    expect(found.body.data[0].reserved_until).not.toBeNull();
    expect((await admin.get('/api/admin/orders?search=0888123456&per_page=1')).body.meta.total).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/admin/orders?status=bogus')).status).toBe(422);
  });

  it('when a signed-out visitor or a customer calls the admin order routes, then they get 401 or 403 and nothing changes', async () => {
    const { orderId, buyer } = await placeCashOrder();
    const guest = new TestClient(server.url);
    expect((await guest.get('/api/admin/orders')).status).toBe(401);
    expect((await buyer.get('/api/admin/orders')).status).toBe(403);
    expect((await buyer.post(`/api/admin/orders/${orderId}/cash-received`)).status).toBe(403);
    expect((await buyer.post(`/api/admin/orders/${orderId}/cancel`, { reason: 'I want out' })).status).toBe(403);
    const order = await server.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('reserved');
  });
});
