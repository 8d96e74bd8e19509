import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderPaymentReverifier } from '../../../server/payments/order-payment-reverifier.js';
import { reverifyPayment } from '../../../server/payments/payments.service.js';
import { createAuctionType, createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { TEST_ENGINES, startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let cashType: number;

const checkoutBody = (extra: Record<string, unknown> = {}) => ({
  customer: { firstName: 'Chikondi', lastName: 'Banda', email: 'chikondi@example.mw', phone: '0888 123 456' },
  billing: { address: 'Plot 12, Namiwawa', city: 'Southern', state: 'Blantyre', postalCode: '', country: 'Malawi' },
  cart: { items: [], total: 1 },
  currency: 'MWK',
  ...extra,
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

/** Follows the simulator: approve/decline the transaction and return the redirect target. */
async function decide(paymentUrl: string, decision: 'approve' | 'decline' | 'cancel'): Promise<string> {
  const token = new URL(paymentUrl, server.url).searchParams.get('ID')!;
  const res = await fetch(`${server.url}/dpo-simulator/payv2.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ID: token, decision }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

// The embedded default (PGlite, in-process bus and scheduler) takes the same checkout path as PostgreSQL.
describe.each(TEST_ENGINES)('on %s', (engine) => {
  beforeAll(async () => {
    server = await startTestServer({ engine });
    cashType = await createAuctionType(server.database.db, 'cash', 'Daily Sale');
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('checkout and payments', () => {
    it('when two customers check out the last unit at once, then one order succeeds and the other gets a clear message', async () => {
      const item = await cashItem({ name: 'Samsung 55" TV', price: 650_000 });
      const [x, y] = [await guest(), await guest()];
      await x.post(`/cart/add/${item}`);
      await y.post(`/cart/add/${item}`);
      const results = await Promise.all([
        x.post('/dpopay/checkout-payment', checkoutBody()),
        y.post('/checkout/cash', checkoutBody({ payment_method: 'cash', 'g-recaptcha-response': await y.captcha() })),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body.message).toContain('Samsung 55" TV');
      expect(loser.body.message).toContain('has just been bought or reserved by another customer');
      const orders = await server.database.db.selectFrom('order_lines').select('order_id').where('item_id', '=', item).execute();
      expect(orders).toHaveLength(1);
    });

    it('when the client sends a tampered total, then the order and DPO transaction use the server price', async () => {
      const c = await guest();
      const item = await cashItem({ price: 42_500, quantity: 2 });
      await c.post(`/cart/add/${item}`, { quantity: 2 });
      const res = await c.post('/dpopay/checkout-payment', checkoutBody({ cart: { items: [{ id: item, target_amount: 1, quantity: 2 }], total: 2 } }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, amount: 85_000 });
      expect(res.body.payment_url).toMatch(/^\/dpo-simulator\/payv2\.php\?ID=/);
      const order = await server.database.db
        .selectFrom('orders')
        .select(['amount_total'])
        .where('order_reference', '=', res.body.order_reference)
        .executeTakeFirstOrThrow();
      expect(order.amount_total).toBe(85_000);
      expect(server.dpo.simulator!.transactions.get(res.body.transaction_token)!.amount).toBe(85_000);
    });

    it('when the success redirect is replayed and called twice at once, then the order is paid once and the item sold', async () => {
      const c = await guest();
      const item = await cashItem({ name: 'Hisense fridge', price: 310_000 });
      await c.post(`/cart/add/${item}`);
      const res = await c.post('/dpopay/checkout-payment', checkoutBody());
      const ref = res.body.order_reference;
      // Before the buyer decides, the return page can't mark anything paid.
      const early = await c.get(`/api/payments/result?CompanyRef=${ref}&TransID=fake&CCDapproval=123`);
      expect(early.body).toMatchObject({ status: 'awaiting_payment', payment_status: 'pending' });
      const target = await decide(res.body.payment_url, 'approve');
      expect(target).toContain('/payment-success?');
      expect(new URL(target).searchParams.get('CompanyRef')).toBe(ref);
      const [a, b] = await Promise.all([c.get(`/api/payments/result?CompanyRef=${ref}`), c.get(`/api/payments/result?CompanyRef=${ref}`)]);
      const again = await c.get(`/api/payments/result?CompanyRef=${ref}`);
      for (const r of [a, b, again]) expect(r.body).toMatchObject({ status: 'paid', payment_status: 'paid', amount: 310_000, payment_method: 'dpopay' });
      const db = server.database.db;
      const order = await db.selectFrom('orders').select(['id', 'status', 'paid_at']).where('order_reference', '=', ref).executeTakeFirstOrThrow();
      const payments = await db.selectFrom('payments').select(['status', 'approval_code']).where('order_id', '=', order.id).execute();
      expect(payments).toHaveLength(1);
      expect(payments[0].status).toBe('paid');
      expect(payments[0].approval_code).toMatch(/^\d{6}$/);
      const it = await db.selectFrom('items').select(['status', 'quantity']).where('id', '=', item).executeTakeFirstOrThrow();
      expect(it).toEqual({ status: 'sold', quantity: 0 });
      expect((await c.get('/api/cart')).body.count).toBe(0);
      // Someone else can't view the order.
      expect((await (await guest()).get(`/api/payments/result?CompanyRef=${ref}`)).status).toBe(404);
    });

    it('when the payment is declined, then the order stays unpaid and the item is back on sale', async () => {
      const c = await guest();
      const item = await cashItem({ name: 'Dining table' });
      await c.post(`/cart/add/${item}`);
      const res = await c.post('/dpopay/checkout-payment', checkoutBody());
      expect((await server.database.db.selectFrom('items').select('quantity').where('id', '=', item).executeTakeFirstOrThrow()).quantity).toBe(0);
      const target = await decide(res.body.payment_url, 'decline');
      expect(target).toContain('/payment-cancel?');
      const r = await c.get(`/api/payments/result?CompanyRef=${res.body.order_reference}`);
      expect(r.body).toMatchObject({ status: 'cancelled', payment_status: 'failed', result_code: '901' });
      const it = await server.database.db.selectFrom('items').select(['status', 'quantity', 'closed_by']).where('id', '=', item).executeTakeFirstOrThrow();
      expect(it).toEqual({ status: 'available', quantity: 1, closed_by: null });
      const other = await guest();
      expect((await other.post(`/cart/add/${item}`)).status).toBe(200);
    });

    it('when a customer pays cash on delivery, then the items are reserved for the configured hours and nobody else can buy them', async () => {
      const db = server.database.db;
      const user = await createCustomer(db);
      const c = new TestClient(server.url);
      await c.login(user.email);
      const item = await cashItem({ name: 'Bicycle', price: 95_000 });
      await c.post(`/cart/add/${item}`);
      const res = await c.post('/checkout/cash', checkoutBody({ payment_method: 'cash' }));
      expect(res.status).toBe(200);
      expect(res.body.reservation.hours).toBe(48);
      expect(Math.abs(new Date(res.body.reservation.until).getTime() - Date.now() - 48 * 3600_000)).toBeLessThan(60_000);
      expect(res.body.next_url).toContain('/payment-success?cod=1&CompanyRef=');
      const row = await db.selectFrom('items').select(['is_reserved', 'reserved_until', 'quantity']).where('id', '=', item).executeTakeFirstOrThrow();
      expect(row.is_reserved).toBe(true);
      expect(row.reserved_until?.toISOString()).toBe(res.body.reservation.until);
      const order = await db
        .selectFrom('orders')
        .select(['status', 'reserved_until', 'user_id', 'amount_total'])
        .where('order_reference', '=', res.body.order_reference)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'reserved', user_id: user.id, amount_total: 95_000 });
      expect((await c.get('/api/cart')).body.count).toBe(0);
      const other = await guest();
      expect((await other.post(`/cart/add/${item}`)).body.message).toBe('This item is reserved for a cash-on-delivery order');
      const page = await c.get(`/api/payments/result?CompanyRef=${res.body.order_reference}`);
      expect(page.body).toMatchObject({ status: 'reserved', payment_method: 'cash', reserve_hours: 48, transaction_id: null });
    });

    it('when bank or card is chosen, an order is over the DPO limit, or DPO rejects the company token, then the spec messages come back and nothing stays held', async () => {
      const c = await guest();
      const big = await cashItem({ price: 600_000, quantity: 2 });
      await c.post(`/cart/add/${big}`, { quantity: 2 });
      expect((await c.post('/checkout/cash', checkoutBody({ payment_method: 'bank' }))).body.message).toBe('Selected payment method is not available yet');
      const over = await c.post('/dpopay/checkout-payment', checkoutBody());
      expect(over.status).toBe(422);
      expect(over.body.message).toBe(
        'Cart total exceeds DPO Pay maximum limit of MK 999,999.99. Please reduce your order or contact support for large transactions.',
      );
      // A clean refusal on the field: the limit and what to do instead (issue 20).
      expect(over.body).toMatchObject({ success: false, error_code: 'amount_limit' });
      expect(over.body.errors.payment_method).toEqual([
        'Cart total exceeds DPO Pay maximum limit of MK 999,999.99. Please reduce your order or contact support for large transactions.',
        'DPO Pay cannot take this order. Choose Cash on delivery, or split your cart into smaller orders of at most MK 999,999 each.',
      ]);
      expect(await server.database.db.selectFrom('orders').select('id').where('amount_total', '=', 1_200_000).execute()).toEqual([]);
      await c.request('PATCH', `/cart/update/${big}`, { quantity: 1 });
      server.dpo.simulator!.injectFault({ kind: 'result', code: '802', explanation: 'Invalid company token' });
      const bad = await c.post('/dpopay/checkout-payment', checkoutBody());
      expect(bad.body).toMatchObject({ success: false, message: 'Payment gateway configuration error. Please contact support.', error_code: '802' });
      server.dpo.simulator!.injectFault({ kind: 'non_xml', status: 500 });
      const html = await c.post('/dpopay/checkout-payment', checkoutBody());
      expect(html.body.message).toBe(
        'Payment token creation failed. This may be a temporary issue with the payment gateway. Please try again in a few moments.',
      );
      expect((await server.database.db.selectFrom('items').select('quantity').where('id', '=', big).executeTakeFirstOrThrow()).quantity).toBe(2);
      const invalid = await c.post('/checkout/cash', checkoutBody({ customer: { firstName: '', lastName: 'B', email: 'x', phone: '123' } }));
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors['customer.phone']).toEqual(['Please enter a valid Malawi phone number (e.g., +265 123 456 789 or 0888 123 456)']);
    });

    it("when a guest checks out with DPO Pay and a customer with cash, then the event log holds order.placed, the payment start, the emptied cart and a refused token's failure", async () => {
      const db = server.database.db;
      const logOf = (orderId: number) =>
        db
          .selectFrom('domain_events')
          .select(['type', 'actor_type', 'actor_id', 'payload'])
          .where('subject_type', '=', 'order')
          .where('subject_id', '=', orderId)
          .orderBy('id')
          .execute();
      const orderIdOf = async (reference: string) =>
        (await db.selectFrom('orders').select('id').where('order_reference', '=', reference).executeTakeFirstOrThrow()).id;

      const g = await guest();
      const lamp = await cashItem({ price: 7_500 });
      await g.post(`/cart/add/${lamp}`);
      const dpo = await g.post('/dpopay/checkout-payment', checkoutBody());
      const dpoOrder = await orderIdOf(dpo.body.order_reference);
      const dpoLog = await logOf(dpoOrder);
      expect(dpoLog.map((e) => [e.type, e.actor_type])).toEqual([
        ['order.placed', 'guest'],
        ['order.payment_started', 'guest'],
      ]);
      expect(dpoLog[0].payload).toMatchObject({
        order_id: dpoOrder,
        method: 'dpopay',
        status: 'awaiting_payment',
        total: 7_500,
        item_ids: [lamp],
        reserved_until: null,
      });

      const user = await createCustomer(db);
      const c = new TestClient(server.url);
      await c.login(user.email);
      const mat = await cashItem({ price: 3_000 });
      await c.post(`/cart/add/${mat}`);
      const cash = await c.post('/checkout/cash', checkoutBody({ payment_method: 'cash' }));
      const cashOrder = await orderIdOf(cash.body.order_reference);
      const cashLog = await logOf(cashOrder);
      expect(cashLog).toHaveLength(1);
      expect(cashLog[0]).toMatchObject({
        type: 'order.placed',
        actor_type: 'user',
        actor_id: user.id,
        payload: { method: 'cash', status: 'reserved', item_ids: [mat], owner: { user_id: user.id } },
      });
      expect(cashLog[0].payload).toMatchObject({ reserved_until: cash.body.reservation.until });
      const cartEvents = await db.selectFrom('domain_events').select(['payload']).where('type', '=', 'cart.changed').where('actor_id', '=', user.id).execute();
      expect(cartEvents.map((e) => e.payload)).toContainEqual({ owner: { user_id: user.id, guest_hash: null }, item_id: null, action: 'checkout' });

      const h = await guest();
      const rug = await cashItem({ price: 4_000 });
      await h.post(`/cart/add/${rug}`);
      server.dpo.simulator!.injectFault({ kind: 'result', code: '802', explanation: 'Invalid company token' });
      const refused = await h.post('/dpopay/checkout-payment', checkoutBody());
      expect(refused.status).toBe(502);
      const refusedOrder = await db.selectFrom('order_lines').select('order_id').where('item_id', '=', rug).executeTakeFirstOrThrow();
      const refusedLog = await logOf(refusedOrder.order_id);
      expect(refusedLog.map((e) => e.type)).toEqual(['order.placed', 'order.status_changed']);
      expect(refusedLog[1].payload).toMatchObject({ before: 'awaiting_payment', after: 'failed', item_ids: [rug] });
    });

    it('when the re-verification job calls reverifyPayment, then a pending payment stays pending, settles once approved, and is left alone after', async () => {
      const c = await guest();
      const item = await cashItem({ price: 12_000 });
      await c.post(`/cart/add/${item}`);
      const res = await c.post('/dpopay/checkout-payment', checkoutBody());
      const db = server.database.db;
      const payments = { dpo: server.dpo.client, runner: server.runner };
      const payment = await db
        .selectFrom('payments as p')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .select('p.id')
        .where('o.order_reference', '=', res.body.order_reference)
        .executeTakeFirstOrThrow();
      expect((await reverifyPayment(db, payments, payment.id)).outcome).toBe('pending');
      server.dpo.simulator!.decide(res.body.transaction_token, 'approve');
      expect((await reverifyPayment(db, payments, payment.id)).outcome).toBe('paid');
      expect((await reverifyPayment(db, payments, payment.id)).outcome).toBe('already_settled');
      const row = await db.selectFrom('payments').select(['status', 'verify_attempts']).where('id', '=', payment.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'paid', verify_attempts: 2 });
    });

    it('when a buyer never returns, then the payment job (order id in, outcome out) marks the order paid once approved, and a declined one failed with its units back on sale', async () => {
      const db = server.database.db;
      const reverify = createOrderPaymentReverifier({ db, dpo: server.dpo.client, runner: server.runner, logger: server.logger });
      const c = await guest();
      const item = await cashItem({ price: 15_000 });
      await c.post(`/cart/add/${item}`);
      const paid = await c.post('/dpopay/checkout-payment', checkoutBody());
      const order = await db.selectFrom('orders').select('id').where('order_reference', '=', paid.body.order_reference).executeTakeFirstOrThrow();
      expect(await reverify(order.id)).toBe('pending');
      server.dpo.simulator!.decide(paid.body.transaction_token, 'approve');
      expect(await reverify(order.id)).toBe('paid');
      expect(await reverify(order.id)).toBe('paid');
      expect((await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('paid');

      const d = await guest();
      const other = await cashItem({ price: 9_000 });
      await d.post(`/cart/add/${other}`);
      const declined = await d.post('/dpopay/checkout-payment', checkoutBody());
      const declinedOrder = await db.selectFrom('orders').select('id').where('order_reference', '=', declined.body.order_reference).executeTakeFirstOrThrow();
      server.dpo.simulator!.decide(declined.body.transaction_token, 'decline');
      expect(await reverify(declinedOrder.id)).toBe('failed');
      expect(await db.selectFrom('items').select(['quantity', 'status']).where('id', '=', other).executeTakeFirstOrThrow()).toEqual({
        quantity: 1,
        status: 'available',
      });
      expect(await reverify(987654)).toBe('not_found');
    });
  });
});
