import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { localInput, shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('a whole sale, catalogue to cash, in Chromium (issue 13 "Done when")', () => {
  it('when an operator makes a 30 s staggered sale, imports 10 lots with pictures and publishes it, and two bidders win lots, then the lots close one after another, each buyer has one invoice with premium and VAT, and the results and CSV agree with the database', async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Auction Clerk' });
    await grantRole(db, operator.id, 'admin');
    const amara = await createCustomer(db, { name: 'Amara Nkhoma' });
    const blessings = await createCustomer(db, { name: 'Blessings Tembo' });
    const name = `Plant and vehicles ${randomBytes(2).toString('hex')}`;

    const desk = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Africa/Blantyre' });
    const page = await desk.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughLoginPage(page, e2e.server.url, operator.email);

    // The sale: online, 30 s between lots, 10 % buyer's premium, ending in ten minutes for now.
    await page.goto(`${e2e.server.url}/admin/sales`);
    await page.getByTestId('new-sale').click();
    const form = page.getByTestId('sale-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Starts').fill(await localInput(page, Date.now() - 3600_000));
    await form.getByLabel('Ends (the first lot closes)').fill(await localInput(page, Date.now() + 10 * 60_000));
    await form.getByLabel('Seconds between lots').fill('30');
    await form.getByLabel("Buyer's premium (%)").fill('10');
    await form.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/admin\/sales\/\d+$/);
    const saleId = Number(new URL(page.url()).pathname.split('/').pop());

    // Ten lots from a CSV with pictures: the preview first, then the import.
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const csv = [
      'code,name,auction_type_id,target_amount,condition',
      ...Array.from({ length: 10 }, (_, i) => `PV-${tag}-${i + 1},Lot ${i + 1} plant,${saleId},${(i + 1) * 100_000},used`),
    ].join('\n');
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    await page.goto(`${e2e.server.url}/admin/import`);
    const inputs = page.getByTestId('catalogue-import').locator('input[type=file]');
    await inputs.nth(0).setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await inputs.nth(1).setInputFiles(Array.from({ length: 10 }, (_, i) => ({ name: `PV-${tag}-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: picture })));
    await page.getByTestId('import-preview').click();
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toContain('10 new, 0 to update, 0 unchanged, 0 with errors');
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-done').waitFor();
    const lots = await db.selectFrom('items').select(['id', 'name']).where('auction_type_id', '=', saleId).orderBy('lot_number').orderBy('id').execute();
    expect(lots.map((l) => l.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Lot ${i + 1} plant`));
    const pictures = await db
      .selectFrom('item_media')
      .select('item_id')
      .where(
        'item_id',
        'in',
        lots.map((l) => l.id),
      )
      .execute();
    expect(new Set(pictures.map((p) => p.item_id)).size).toBe(10);

    // Published.
    await page.goto(`${e2e.server.url}/admin/sales/${saleId}`);
    await page.getByTestId('publish-sale').click();
    await page.getByTestId('confirm-publish').click();
    await expect.poll(() => page.getByTestId('sale-status').textContent()).toBe('Published');

    // Two bidders: Blessings outbids Amara on lot 1 and takes lot 2; Amara takes lot 3.
    const bid = async (who: { token: string }, lot: number, amount: number) =>
      expect((await new TestClient(e2e.server.url, who.token).post('/ajax-bid', { item_id: lots[lot - 1].id, amount })).status).toBe(200);
    await bid(amara, 1, 110_000);
    await bid(blessings, 1, 120_000);
    await bid(blessings, 2, 210_000);
    await bid(amara, 3, 320_000);

    // The operator brings the end forward: lot 1 closes in 10 s, lot 2 30 s later, lot 3 30 s after that.
    const end = new Date(Date.now() + 10_000);
    expect((await new TestClient(e2e.server.url, operator.token).request('PATCH', `/api/admin/sales/${saleId}`, { date_to: end.toISOString() })).status).toBe(
      200,
    );
    const closed = () =>
      db
        .selectFrom('items')
        .select(['id', 'status', 'closed_at'])
        .where(
          'id',
          'in',
          lots.slice(0, 3).map((l) => l.id),
        )
        .orderBy('lot_number')
        .execute();
    await expect.poll(async () => (await closed()).map((l) => l.status), { timeout: 120_000, interval: 2000 }).toEqual(['sold', 'sold', 'sold']);
    const at = (await closed()).map((l) => l.closed_at!.getTime());
    // One after another, about 30 s apart (each at its own close, give or take the worker's pace).
    expect(at[1] - at[0]).toBeGreaterThan(20_000);
    expect(at[2] - at[1]).toBeGreaterThan(20_000);

    // One invoice per buyer for the sale: Blessings' two lots on one, Amara's on another.
    const invoices = await db
      .selectFrom('orders')
      .select(['id', 'user_id', 'order_reference', 'sub_total', 'premium', 'vat', 'amount_total'])
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .execute();
    expect(invoices.map((i) => [i.user_id, Number(i.sub_total), Number(i.premium), Number(i.vat), Number(i.amount_total)])).toEqual([
      [blessings.id, 330_000, 33_000, 5445, 368_445],
      [amara.id, 320_000, 32_000, 5280, 357_280],
    ]);

    // Blessings reads the invoice in the purchase history, on a phone: the premium and the VAT on it, and Pay.
    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Blantyre' });
    const buyerPage = await phone.newPage();
    buyerPage.setDefaultTimeout(15_000);
    await signInThroughLoginPage(buyerPage, e2e.server.url, blessings.email);
    await buyerPage.goto(`${e2e.server.url}/profile`);
    await buyerPage.getByRole('button', { name: `View order ${invoices[0].order_reference}` }).click();
    const receipt = buyerPage.getByTestId('receipt');
    await receipt.waitFor();
    expect(await buyerPage.getByTestId('receipt-kind').textContent()).toMatch(/^Invoice — Awaiting payment, pay by /);
    expect(await receipt.getByTestId('invoice-sale').textContent()).toBe(name);
    expect(await receipt.getByTestId('invoice-hammer').textContent()).toContain('MK 330,000');
    expect(await receipt.getByTestId('invoice-premium').textContent()).toBe('Buyer’s premium (10 %)MK 33,000');
    expect(await receipt.getByTestId('invoice-vat').textContent()).toBe('VAT on the premium (16.5 %)MK 5,445');
    expect(await receipt.textContent()).toContain('MK 368,445');
    expect(await receipt.textContent()).toContain('Lot 1 plant');
    expect(await receipt.textContent()).toContain('Lot 2 plant');
    await buyerPage.getByTestId('pay-won-lot').waitFor();
    await shot(buyerPage, 'invoice-receipt');

    // The operator's invoices of the sale: both unpaid; a bank transfer recorded by invoice number pays Amara's.
    await page.goto(`${e2e.server.url}/admin/invoices?sale=${saleId}`);
    const rows = page.getByTestId('invoice-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('invoices-unpaid').textContent()).toContain('MK 725,725');
    await page.getByTestId('invoice-search').fill(invoices[1].order_reference);
    await expect.poll(() => rows.count()).toBe(1);
    await shot(page, 'admin-invoices');
    await page.getByRole('button', { name: `Record payment of ${invoices[1].order_reference}` }).click();
    await page.getByTestId('payment-reference').fill(`FDH ${invoices[1].order_reference}`);
    await page.getByTestId('confirm-payment').click();
    await expect.poll(() => rows.first().getByTestId('invoice-state').textContent()).toBe('Paid');
    expect((await db.selectFrom('orders').select('status').where('id', '=', invoices[1].id).executeTakeFirstOrThrow()).status).toBe('paid');

    // The results page and its CSV agree with the database.
    await page.goto(`${e2e.server.url}/admin/sales/${saleId}`);
    await page.getByTestId('sale-results').waitFor();
    expect(await page.getByTestId('result-hammer').textContent()).toBe('MK 650,000');
    expect(await page.getByTestId('result-premium').textContent()).toBe('MK 65,000');
    expect(await page.getByTestId('result-vat').textContent()).toBe('MK 10,725');
    const csvAnswer = await fetch(`${e2e.server.url}/api/admin/sales/${saleId}/results.csv`, { headers: { authorization: `Bearer ${operator.token}` } });
    expect(csvAnswer.status).toBe(200);
    const records = parse(await csvAnswer.text(), { columns: true }) as Record<string, string>[];
    const sold = await db
      .selectFrom('items')
      .leftJoin('users', 'users.id', 'items.closed_by')
      .select(['items.name', 'items.bid_amount', 'users.name as buyer'])
      .where('items.auction_type_id', '=', saleId)
      .where('items.status', '=', 'sold')
      .orderBy('items.lot_number')
      .execute();
    expect(records.filter((r) => r.outcome === 'sold').map((r) => [r.name, Number(r.hammer_price), r.buyer])).toEqual(
      sold.map((s) => [s.name, Number(s.bid_amount), s.buyer]),
    );
    expect(records).toHaveLength(10);

    // Blessings does not pay: lot 1 is offered to the runner-up, Amara, at her own bid.
    await page.goto(`${e2e.server.url}/admin/invoices?sale=${saleId}&status=unpaid`);
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: `Unpaid lots of ${invoices[0].order_reference}` }).click();
    await page.getByRole('menuitem', { name: 'Offer to the next bidder' }).first().click();
    await page.getByTestId('confirm-reoffer').click();
    await page.getByText('Lot 1 plant is offered to the next bidder at their bid').waitFor();
    expect(await db.selectFrom('items').select(['closed_by', 'bid_amount']).where('id', '=', lots[0].id).executeTakeFirstOrThrow()).toEqual({
      closed_by: amara.id,
      bid_amount: 110_000,
    });
    // Blessings' invoice now holds lot 2 alone: 210,000 + 21,000 + 3,465.
    expect(Number((await db.selectFrom('orders').select('amount_total').where('id', '=', invoices[0].id).executeTakeFirstOrThrow()).amount_total)).toBe(
      234_465,
    );

    // The invoices screen on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/admin/invoices?sale=${saleId}`);
    await page.getByTestId('invoice-card').first().waitFor();
    await shot(page, 'admin-invoices');
    await desk.close();
    await phone.close();
  }, 240_000);
});
