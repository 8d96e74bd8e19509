import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Ack } from '@shared/events.js';
import type { OrderUpdatedEvent } from '@shared/schemas/admin-order.schema.js';
import type { AdminOrderView } from '@shared/schemas/admin-order.schema.js';
import { handleReleaseReservation } from '../../../server/jobs/release-reservation.job.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let cashType: number;
let admin: TestClient;
let adminToken: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  cashType = await createAuctionType(db, 'cash', 'Daily Sale');
  const a = await createCustomer(db, { name: 'Operator One' });
  await grantRole(db, a.id, 'admin');
  adminToken = a.token;
  admin = new TestClient(server.url, a.token);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
});

const checkoutBody = (payment_method: 'cash' | 'dpopay') => ({
  customer: { firstName: 'Chikondi', lastName: 'Banda', email: 'chikondi@example.mw', phone: '0888 123 456' },
  billing: { address: 'Plot 12, Namiwawa', city: 'Southern', state: 'Blantyre', postalCode: '', country: 'Malawi' },
  cart: { items: [], total: 1 },
  currency: 'MWK',
  payment_method,
});

/** A connected socket (bearer token, or a guest without one) recording every `order:updated`. */
async function openSocket(token?: string): Promise<{ socket: Socket; events: AdminOrderView[] }> {
  const socket = connect(server.url, { transports: ['websocket'], auth: token ? { token } : {}, forceNew: true });
  sockets.push(socket);
  const events: AdminOrderView[] = [];
  socket.on('order:updated', (e: OrderUpdatedEvent) => events.push(e.order));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

/** Emits `admin:orders:subscribe` and resolves with the server's acknowledgement. */
const followOrders = (socket: Socket) => socket.timeout(5000).emitWithAck('admin:orders:subscribe') as Promise<Ack>;

/**
 * Waits until the server has answered a round trip on `socket`: anything the server sent this
 * socket before (a misrouted `order:updated` included) has arrived by then.
 */
const roundTrip = (socket: Socket) => socket.timeout(5000).emitWithAck('item:subscribe', { item_id: 1 });

/** Resolves with the first recorded event of order `reference` whose status is `status`. */
async function eventFor(events: AdminOrderView[], reference: string, status: AdminOrderView['status']): Promise<AdminOrderView> {
  await expect.poll(() => events.some((e) => e.order_reference === reference && e.status === status), { timeout: 5000 }).toBe(true);
  return events.find((e) => e.order_reference === reference && e.status === status)!;
}

/** A new customer puts a new daily-sale item in their cart and checks out with `method`. */
async function checkout(method: 'cash' | 'dpopay'): Promise<{
  orderId: number;
  reference: string;
  itemId: number;
  buyer: TestClient;
  buyerToken: string;
  body: { order_reference: string; transaction_token?: string };
}> {
  const db = server.database.db;
  const user = await createCustomer(db);
  const buyer = new TestClient(server.url, user.token);
  const itemId = await createItem(db, { auction_type_id: cashType, target_amount: 95_000, date_to: null });
  expect((await buyer.post(`/cart/add/${itemId}`)).status).toBe(200);
  const res = await buyer.post(method === 'cash' ? '/checkout/cash' : '/dpopay/checkout-payment', checkoutBody(method));
  expect(res.status).toBe(200);
  const order = await db.selectFrom('orders').select('id').where('order_reference', '=', res.body.order_reference).executeTakeFirstOrThrow();
  return { orderId: order.id, reference: res.body.order_reference, itemId, buyer, buyerToken: user.token, body: res.body };
}

describe('operators follow orders live (room admin:orders)', () => {
  it('when an admin, a customer and a guest socket ask to follow orders, then only the admin is let in; the others are refused through the ack', async () => {
    const adminSocket = await openSocket(adminToken);
    expect(await followOrders(adminSocket.socket)).toEqual({ ok: true });
    const customer = await createCustomer(server.database.db);
    const customerSocket = await openSocket(customer.token);
    expect(await followOrders(customerSocket.socket)).toEqual({ ok: false, error: 'This action is unauthorized.' });
    const guestSocket = await openSocket();
    expect(await followOrders(guestSocket.socket)).toEqual({ ok: false, error: 'Unauthenticated.' });
    const sids = await server.io.in('admin:orders').fetchSockets();
    expect(sids.map((s) => s.id)).toEqual([adminSocket.socket.id]);
  });

  it("when a cash order is placed, paid, another cancelled and a third released by the job, then the admin socket gets order:updated for each and the buyer's socket none", async () => {
    const adminSocket = await openSocket(adminToken);
    expect(await followOrders(adminSocket.socket)).toEqual({ ok: true });

    const paid = await checkout('cash');
    const buyerSocket = await openSocket(paid.buyerToken);
    await followOrders(buyerSocket.socket); // refused; must not let order events through either

    const placed = await eventFor(adminSocket.events, paid.reference, 'reserved');
    expect(placed).toMatchObject({
      id: paid.orderId,
      payment_method: 'cash',
      payment_status: 'pending',
      amount_total: 95_000,
      customer: { name: 'Chikondi Banda' },
    });
    expect(placed.reserved_until).not.toBeNull();

    expect((await admin.post(`/api/admin/orders/${paid.orderId}/cash-received`)).status).toBe(200);
    const settled = await eventFor(adminSocket.events, paid.reference, 'paid');
    expect(settled).toMatchObject({ payment_status: 'paid', settled_by: 'Operator One' });
    expect(Date.parse(settled.updated_at)).toBeGreaterThanOrEqual(Date.parse(placed.updated_at));

    const cancelled = await checkout('cash');
    expect((await admin.post(`/api/admin/orders/${cancelled.orderId}/cancel`, { reason: 'Buyer phoned to cancel' })).status).toBe(200);
    expect(await eventFor(adminSocket.events, cancelled.reference, 'cancelled')).toMatchObject({
      cancel_reason: 'Buyer phoned to cancel',
      settled_by: 'Operator One',
      payment_status: 'cancelled',
    });

    const expired = await checkout('cash');
    const db = server.database.db;
    const past = new Date(Date.now() - 60_000);
    // The lot first: the embedded sweep (once a second) may release the order before the job does.
    await db.updateTable('items').set({ reserved_until: past }).where('id', '=', expired.itemId).execute();
    await db.updateTable('orders').set({ reserved_until: past }).where('id', '=', expired.orderId).execute();
    await handleReleaseReservation({ db, runner: server.runner, logger: server.logger }, { order_id: expired.orderId });
    expect((await db.selectFrom('orders').select('status').where('id', '=', expired.orderId).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expect(await eventFor(adminSocket.events, expired.reference, 'cancelled')).toMatchObject({ settled_by: null, cancel_reason: null });

    await roundTrip(buyerSocket.socket);
    expect(buyerSocket.events).toEqual([]);
  });

  it("when a DPO Pay order is placed and its payment confirmed on the buyer's return, then the admin socket sees it awaiting payment, then paid", async () => {
    const adminSocket = await openSocket(adminToken);
    expect(await followOrders(adminSocket.socket)).toEqual({ ok: true });
    const order = await checkout('dpopay');
    expect(await eventFor(adminSocket.events, order.reference, 'awaiting_payment')).toMatchObject({ payment_method: 'dpopay', payment_status: 'pending' });

    server.dpo.simulator!.decide(order.body.transaction_token!, 'approve');
    expect((await order.buyer.get(`/api/payments/result?CompanyRef=${order.reference}`)).body).toMatchObject({ status: 'paid' });
    expect(await eventFor(adminSocket.events, order.reference, 'paid')).toMatchObject({ payment_status: 'paid', settled_by: null });
  });

  it('when an operator stops following, or loses the admin role before asking, then no order events reach that socket', async () => {
    const db = server.database.db;
    const leaving = await openSocket(adminToken);
    expect(await followOrders(leaving.socket)).toEqual({ ok: true });
    expect(await leaving.socket.timeout(5000).emitWithAck('admin:orders:unsubscribe')).toEqual({ ok: true });

    const former = await createCustomer(db, { name: 'Former Operator' });
    await grantRole(db, former.id, 'admin');
    const formerSocket = await openSocket(former.token); // signed in as an admin at the handshake
    const role = await db.selectFrom('roles').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
    await db.deleteFrom('user_roles').where('user_id', '=', former.id).where('role_id', '=', role.id).execute();
    expect(await followOrders(formerSocket.socket)).toEqual({ ok: false, error: 'This action is unauthorized.' });

    const watcher = await openSocket(adminToken);
    expect(await followOrders(watcher.socket)).toEqual({ ok: true });
    const order = await checkout('cash');
    await eventFor(watcher.events, order.reference, 'reserved');
    await Promise.all([roundTrip(leaving.socket), roundTrip(formerSocket.socket)]);
    expect(leaving.events).toEqual([]);
    expect(formerSocket.events).toEqual([]);
  });
});
