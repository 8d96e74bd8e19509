import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellLotTo } from '../../helpers/auctions.js';
import { createCustomer, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let admin: TestClient;
let adminId: number;

/** Approves a transaction on the DPO simulator; returns where it sends the buyer back. */
async function approve(paymentUrl: string): Promise<string> {
  const token = new URL(paymentUrl, server.url).searchParams.get('ID')!;
  const res = await fetch(`${server.url}/dpo-simulator/payv2.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ID: token, decision: 'approve' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

async function orderEvents(orderId: number) {
  return server.database.db
    .selectFrom('domain_events')
    .select(['type', 'actor_type', 'actor_id', 'payload'])
    .where('subject_type', '=', 'order')
    .where('subject_id', '=', orderId)
    .orderBy('id')
    .execute();
}

describe('paying a won auction (issue 13 "Settlement")', () => {
  beforeAll(async () => {
    server = await startTestServer({ engine: 'postgres' });
    const op = await createCustomer(server.database.db, { name: 'Operator Phiri' });
    await grantRole(server.database.db, op.id, 'admin');
    adminId = op.id;
    admin = new TestClient(server.url, op.token);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('when the winner pays by DPO Pay on the simulator, then the order is paid once and the payment recorded once', async () => {
    const winner = await createCustomer(server.database.db);
    const { closed } = await sellLotTo(server, winner, { name: 'Toyota Corolla 2012', target: 400_000, amount: 450_000 });
    const orderId = closed!.order_id!;
    const buyer = new TestClient(server.url, winner.token);

    const pay = await buyer.post(`/api/orders/${orderId}/pay`, { method: 'dpopay' });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({ success: true, method: 'dpopay', amount: 450_000, currency: 'MWK' });
    // Asking again before paying reuses the same DPO transaction: never a second charge.
    const again = await buyer.post(`/api/orders/${orderId}/pay`, { method: 'dpopay' });
    expect(again.body.payment_url).toBe(pay.body.payment_url);

    const back = new URL(await approve(pay.body.payment_url), server.url);
    const result = await buyer.get(`/api/payments/result?CompanyRef=${encodeURIComponent(back.searchParams.get('CompanyRef')!)}`);
    expect(result.status).toBe(200);
    await buyer.get(`/api/payments/result?CompanyRef=${encodeURIComponent(back.searchParams.get('CompanyRef')!)}`);

    const order = await server.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    expect(order.payment_method).toBe('dpopay');
    const payments = await server.database.db.selectFrom('payments').select(['provider', 'status']).where('order_id', '=', orderId).execute();
    expect(payments).toEqual([{ provider: 'dpopay', status: 'paid' }]);
    expect((await orderEvents(orderId)).filter((e) => (e.payload as { after?: string }).after === 'paid')).toHaveLength(1);

    // Paid: neither the buyer nor an operator can pay it again.
    expect((await buyer.post(`/api/orders/${orderId}/pay`, { method: 'cash' })).status).toBe(409);
    const twice = await admin.post(`/api/admin/orders/${orderId}/payment-received`, { method: 'cash' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('is already paid');
  });

  it('when the winner chooses bank transfer and an operator confirms it, then the order is paid once, audited with the operator', async () => {
    const winner = await createCustomer(server.database.db);
    const { closed } = await sellLotTo(server, winner, { name: 'Isuzu truck', target: 2_000_000, amount: 2_500_000 });
    const orderId = closed!.order_id!;
    const buyer = new TestClient(server.url, winner.token);

    const dpo = await buyer.post(`/api/orders/${orderId}/pay`, { method: 'dpopay' });
    expect(dpo.status).toBe(422);
    expect(dpo.body.message).toContain('MK 999,999.99');
    const bank = await buyer.post(`/api/orders/${orderId}/pay`, { method: 'bank' });
    expect(bank.status).toBe(200);
    expect(bank.body.message).toContain(bank.body.order_reference);
    expect(bank.body.payment_url).toBeNull();

    const recorded = await Promise.all([
      admin.post(`/api/admin/orders/${orderId}/payment-received`, { method: 'bank', reference: 'NBM-778812' }),
      admin.post(`/api/admin/orders/${orderId}/payment-received`, { method: 'bank', reference: 'NBM-778812' }),
    ]);
    expect(recorded.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = recorded.find((r) => r.status === 200)!;
    expect(ok.body.data).toMatchObject({ status: 'paid', payment_method: 'bank', settled_by: 'Operator Phiri' });

    const payments = await server.database.db.selectFrom('payments').select(['provider', 'status']).where('order_id', '=', orderId).orderBy('id').execute();
    expect(payments).toEqual([
      { provider: 'bank', status: 'cancelled' },
      { provider: 'bank', status: 'paid' },
    ]);
    const paid = (await orderEvents(orderId)).filter((e) => (e.payload as { after?: string }).after === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ actor_type: 'operator', actor_id: adminId });
    expect((paid[0].payload as { reason: string }).reason).toContain('NBM-778812');
  });

  it('when someone else, a guest or bad input asks, then a 4xx with a clear message and nothing changes', async () => {
    const winner = await createCustomer(server.database.db);
    const other = await createCustomer(server.database.db);
    const { closed } = await sellLotTo(server, winner, { target: 5_000, amount: 6_000 });
    const orderId = closed!.order_id!;
    expect((await new TestClient(server.url, other.token).post(`/api/orders/${orderId}/pay`, { method: 'cash' })).status).toBe(404);
    expect((await new TestClient(server.url).post(`/api/orders/${orderId}/pay`, { method: 'cash' })).status).toBeGreaterThanOrEqual(400);
    const bad = await new TestClient(server.url, winner.token).post(`/api/orders/${orderId}/pay`, { method: 'cheque' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.method).toBeDefined();
    const badOp = await admin.post(`/api/admin/orders/${orderId}/payment-received`, { method: 'card' });
    expect(badOp.status).toBe(422);
    expect((await new TestClient(server.url, other.token).post(`/api/admin/orders/${orderId}/payment-received`, { method: 'cash' })).status).toBe(403);
    expect((await admin.post('/api/admin/orders/99999999/payment-received', { method: 'cash' })).status).toBe(404);
    const order = await server.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe('awaiting_payment');
  });
});
