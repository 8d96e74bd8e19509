import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction } from '../../../server/auctions/auctions.commands.js';
import { systemActor } from '../../../server/events/domain-events.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let admin: TestClient;

/** A published online sale charging `premium` percent. */
async function createSale(premium: number): Promise<number> {
  const saleId = await createAuctionType(server.database.db, 'online');
  await server.database.db.updateTable('auction_types').set({ buyers_premium_percent: premium }).where('id', '=', saleId).execute();
  return saleId;
}

/** A lot of `saleId` that `bidder` bids `amount` on, then ended: ready to close. */
async function wonLot(saleId: number, bidder: { token: string }, amount: number, name = `Lot ${amount}`): Promise<number> {
  const db = server.database.db;
  const itemId = await createItem(db, { auction_type_id: saleId, name, target_amount: amount - 1 });
  expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount })).status).toBe(200);
  await db
    .updateTable('items')
    .set({ date_to: new Date(Date.now() - 1000) })
    .where('id', '=', itemId)
    .execute();
  return itemId;
}

const close = (itemId: number) => server.runner.run(closeAuction, systemActor('test'), { itemId });

async function invoiceOf(orderId: number) {
  return server.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

describe('one invoice per buyer per sale (issue 13 "Settlement and results")', () => {
  beforeAll(async () => {
    server = await startTestServer({ engine: 'postgres' });
    const op = await createCustomer(server.database.db, { name: 'Operator Banda' });
    await grantRole(server.database.db, op.id, 'admin');
    admin = new TestClient(server.url, op.token);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("when a buyer wins two lots of a sale, then both are on one invoice with the sale's premium, VAT on the premium and a deadline; another buyer gets their own", async () => {
    const saleId = await createSale(10);
    const amara = await createCustomer(server.database.db, { name: 'Amara Phiri' });
    const kondwani = await createCustomer(server.database.db, { name: 'Kondwani Mbewe' });
    const first = await close(await wonLot(saleId, amara, 1_200_000, 'Toyota Hilux'));
    const second = await close(await wonLot(saleId, amara, 300_000, 'Honda generator'));
    const other = await close(await wonLot(saleId, kondwani, 50_000, 'Office chair'));

    expect(second!.order_id).toBe(first!.order_id);
    expect(other!.order_id).not.toBe(first!.order_id);
    const invoice = await invoiceOf(first!.order_id!);
    // Hammer 1,500,000; premium 10 % = 150,000; VAT 16.5 % of the premium = 24,750.
    expect(invoice).toMatchObject({ sale_id: saleId, source: 'auction', status: 'awaiting_payment', user_id: amara.id, payment_method: null });
    expect(Number(invoice.sub_total)).toBe(1_500_000);
    expect(Number(invoice.premium)).toBe(150_000);
    expect(Number(invoice.vat)).toBe(24_750);
    expect(Number(invoice.amount_total)).toBe(1_674_750);
    expect(Number(invoice.premium_percent)).toBe(10);
    expect(Number(invoice.vat_rate_percent)).toBe(16.5);
    expect(invoice.order_reference).toMatch(new RegExp(`^INV-${saleId}-[0-9A-F]{6}$`));
    const days = (invoice.due_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    const lines = await server.database.db.selectFrom('order_lines').select(['name', 'amount']).where('order_id', '=', invoice.id).orderBy('id').execute();
    expect(lines.map((l) => [l.name, Number(l.amount)])).toEqual([
      ['Toyota Hilux', 1_200_000],
      ['Honda generator', 300_000],
    ]);
    expect(Number((await invoiceOf(other!.order_id!)).amount_total)).toBe(55_825); // 50,000 + 5,000 + 825

    // The buyer reads it in the purchase history: the sale, the premium and the deadline.
    const draft = await new TestClient(server.url, amara.token).get(`/api/my/draft-orders/${invoice.id}`);
    expect(draft.status).toBe(200);
    expect(draft.body.invoice).toEqual({
      sale: { id: saleId, name: expect.any(String) },
      premium: 150_000,
      premium_percent: 10,
      vat_rate_percent: 16.5,
      due_at: invoice.due_at!.toISOString(),
      seller: {
        company_name: 'Gavel',
        physical_address: expect.stringContaining('Blantyre'),
        postal_address: null,
        phone: expect.any(String),
        email: expect.any(String),
      },
    });
    expect(draft.body.line_items).toHaveLength(2);
    // The lot's Pay action finds the invoice collecting it.
    const won = await new TestClient(server.url, amara.token).get(`/api/orders/won-lot/${await firstItemOf(invoice.id)}`);
    expect(won.body).toMatchObject({ id: invoice.id, amount: 1_674_750, lot_count: 2, dpo_accepts: false, due_at: invoice.due_at!.toISOString() });
  });

  it('when the buyer has chosen how to pay, then a lot won afterwards starts a new invoice (the amount being paid never changes)', async () => {
    const saleId = await createSale(5);
    const buyer = await createCustomer(server.database.db);
    const first = await close(await wonLot(saleId, buyer, 20_000));
    const pay = await new TestClient(server.url, buyer.token).post(`/api/orders/${first!.order_id}/pay`, { method: 'cash' });
    expect(pay.status).toBe(200);
    expect(pay.body.amount).toBe(21_165); // 20,000 + 1,000 + 165
    const later = await close(await wonLot(saleId, buyer, 30_000));
    expect(later!.order_id).not.toBe(first!.order_id);
    expect(Number((await invoiceOf(first!.order_id!)).amount_total)).toBe(21_165);
  });

  it('when two lots of one buyer close at the same moment in two transactions, then they land on one invoice', async () => {
    const saleId = await createSale(10);
    const buyer = await createCustomer(server.database.db);
    const a = await wonLot(saleId, buyer, 10_000);
    const b = await wonLot(saleId, buyer, 20_000);
    await Promise.all([close(a), close(b)]);
    // (The server's own sweep may have closed one of them first: either way, both are on one invoice.)
    const lines = await server.database.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['orders.id', 'order_lines.item_id'])
      .where('order_lines.item_id', 'in', [a, b])
      .execute();
    expect(lines.map((l) => l.item_id).sort()).toEqual([a, b].sort());
    expect(new Set(lines.map((l) => l.id)).size).toBe(1);
    const invoice = await invoiceOf(lines[0].id);
    expect(Number(invoice.sub_total)).toBe(30_000);
    expect(Number(invoice.amount_total)).toBe(33_495); // 30,000 + 3,000 + 495
    const count = await server.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sale_id', '=', saleId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('when an operator lists a sale’s invoices, then unpaid, overdue and paid filter them, the invoice number finds one, and recording a bank transfer pays it', async () => {
    const saleId = await createSale(10);
    const chikondi = await createCustomer(server.database.db, { name: 'Chikondi Gondwe' });
    const mphatso = await createCustomer(server.database.db, { name: 'Mphatso Kaunda' });
    const late = await close(await wonLot(saleId, chikondi, 100_000));
    const onTime = await close(await wonLot(saleId, mphatso, 200_000));
    await server.database.db
      .updateTable('orders')
      .set({ due_at: new Date(Date.now() - 3600_000) })
      .where('id', '=', late!.order_id!)
      .execute();

    const all = await admin.get(`/api/admin/invoices?sale_id=${saleId}`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((i: any) => [i.buyer.name, i.state])).toEqual([
      ['Chikondi Gondwe', 'overdue'],
      ['Mphatso Kaunda', 'unpaid'],
    ]);
    expect(all.body.data[1]).toMatchObject({ hammer_total: 200_000, premium: 20_000, vat: 3300, total: 223_300, premium_percent: 10, vat_rate_percent: 16.5 });
    expect(all.body.summary).toEqual({ unpaid: { count: 2, total: 334_950 }, overdue: { count: 1, total: 111_650 }, paid: { count: 0, total: 0 } });
    expect((await admin.get(`/api/admin/invoices?sale_id=${saleId}&status=overdue`)).body.data.map((i: any) => i.buyer.name)).toEqual(['Chikondi Gondwe']);

    const number = all.body.data[1].invoice_number as string;
    const found = await admin.get(`/api/admin/invoices?search=${encodeURIComponent(number.toLowerCase())}`);
    expect(found.body.data.map((i: any) => i.id)).toEqual([onTime!.order_id]);

    const paid = await admin.post(`/api/admin/orders/${onTime!.order_id}/payment-received`, { method: 'bank', reference: `NBM ${number}` });
    expect(paid.status).toBe(200);
    const after = await admin.get(`/api/admin/invoices?sale_id=${saleId}&status=paid`);
    expect(after.body.data).toMatchObject([{ id: onTime!.order_id, state: 'paid', payment_method: 'bank', payment_reference: `NBM ${number}` }]);
    expect(after.body.summary.paid).toEqual({ count: 1, total: 223_300 });
    expect(after.body.summary.unpaid).toEqual({ count: 1, total: 111_650 });
  });

  it('when a buyer does not pay, then the operator offers their lot to the next bidder at that bidder’s bid, or releases it unsold to relist; both are audited', async () => {
    const db = server.database.db;
    const saleId = await createSale(10);
    const [first, second] = [await createCustomer(db, { name: 'Late Payer' }), await createCustomer(db, { name: 'Runner Up' })];
    // Runner Up bids 10,000; Late Payer 12,000 and wins; Late Payer also wins a second lot.
    const contested = await createItem(db, { auction_type_id: saleId, name: 'Welding set', target_amount: 9_000 });
    expect((await new TestClient(server.url, second.token).post('/ajax-bid', { item_id: contested, amount: 10_000 })).status).toBe(200);
    expect((await new TestClient(server.url, first.token).post('/ajax-bid', { item_id: contested, amount: 12_000 })).status).toBe(200);
    await db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() - 1000) })
      .where('id', '=', contested)
      .execute();
    const invoiceId = (await close(contested))!.order_id!;
    const alone = await wonLot(saleId, first, 5_000, 'Tool box');
    await close(alone);

    const missing = await admin.post(`/api/admin/invoices/${invoiceId}/lots/${contested}`, { action: 'second_chance' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.reason).toHaveLength(1);

    const offered = await admin.post(`/api/admin/invoices/${invoiceId}/lots/${contested}`, { action: 'second_chance', reason: 'Not paid by the deadline' });
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({
      success: true,
      from_order: { id: invoiceId, status: 'awaiting_payment' },
      to_order: { user_id: second.id, amount: 10_000 },
    });
    // The late payer's invoice keeps only the tool box: 5,000 + 500 + 82.50.
    const left = await invoiceOf(invoiceId);
    expect([Number(left.sub_total), Number(left.premium), Number(left.vat), Number(left.amount_total)]).toEqual([5000, 500, 82.5, 5582.5]);
    // The runner-up's own invoice for the sale: 10,000 + 1,000 + 165.
    const theirs = await invoiceOf(offered.body.to_order.id);
    expect(theirs).toMatchObject({ user_id: second.id, sale_id: saleId, status: 'awaiting_payment' });
    expect(Number(theirs.amount_total)).toBe(11_165);
    expect(await db.selectFrom('items').select(['status', 'closed_by']).where('id', '=', contested).executeTakeFirstOrThrow()).toEqual({
      status: 'sold',
      closed_by: second.id,
    });

    // Nobody else bid on the tool box: it can only be released; the invoice, now empty, is cancelled.
    const nobody = await admin.post(`/api/admin/invoices/${invoiceId}/lots/${alone}`, { action: 'second_chance', reason: 'Not paid' });
    expect(nobody.status).toBe(409);
    expect(nobody.body.message).toBe('Nobody else bid on Tool box: release it to relist it instead.');
    const released = await admin.post(`/api/admin/invoices/${invoiceId}/lots/${alone}`, { action: 'release', reason: 'Not paid' });
    expect(released.status).toBe(200);
    expect(released.body.from_order.status).toBe('cancelled');
    expect((await invoiceOf(invoiceId)).status).toBe('cancelled');
    expect((await db.selectFrom('items').select('status').where('id', '=', alone).executeTakeFirstOrThrow()).status).toBe('unsold');
    // Once cancelled, nothing more can be taken off it; a lot not on an invoice is 404.
    expect((await admin.post(`/api/admin/invoices/${invoiceId}/lots/${alone}`, { action: 'release', reason: 'Again' })).status).toBe(409);
    expect((await admin.post(`/api/admin/invoices/${theirs.id}/lots/${alone}`, { action: 'release', reason: 'Wrong lot' })).status).toBe(404);

    const audit = await db
      .selectFrom('domain_events')
      .select(['type', 'actor_type', 'payload'])
      .where('type', '=', 'lot.reoffered')
      .where('subject_id', 'in', [contested, alone])
      .orderBy('id')
      .execute();
    expect(audit.map((e) => [e.actor_type, (e.payload as { action: string }).action])).toEqual([
      ['operator', 'second_chance'],
      ['operator', 'released'],
    ]);
  });

  it('when the list is asked with bad filters or by a customer, then 422 with the field, or 403', async () => {
    for (const [query, field] of [
      ['status=late', 'status'],
      ['sale_id=abc', 'sale_id'],
      ['page=0', 'page'],
      ['per_page=500', 'per_page'],
    ]) {
      const res = await admin.get(`/api/admin/invoices?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[field], query).toHaveLength(1);
    }
    const customer = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, customer.token).get('/api/admin/invoices')).status).toBe(403);
  });
});

async function firstItemOf(orderId: number): Promise<number> {
  const line = await server.database.db.selectFrom('order_lines').select('item_id').where('order_id', '=', orderId).orderBy('id').executeTakeFirstOrThrow();
  return line.item_id!;
}
