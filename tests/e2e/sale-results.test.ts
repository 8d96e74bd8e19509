import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('a sale’s results in Chromium (issue 13 "Settlement and results")', () => {
  it('when an operator sets VAT to 17.5 % and opens a sale with sold lots, then its results show the hammer total, the premium and VAT on the premium', async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Results Clerk' });
    await grantRole(db, operator.id, 'admin');
    const buyer = await createCustomer(db, { name: 'Mayeso Chirwa' });
    const sale = await new TestClient(e2e.server.url, operator.token).post('/api/admin/sales', {
      name: `Vehicles ${randomBytes(3).toString('hex')}`,
      kind: 'online',
      buyers_premium_percent: 5,
      date_to: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const saleId = sale.body.data.id as number;
    for (const [name, hammer] of [
      ['Toyota Hilux 2018', 18_000_000],
      ['Nissan NP200', 6_000_000],
    ] as const) {
      const id = await createItem(db, { auction_type_id: saleId, name, status: 'sold', closed_by: buyer.id });
      await db.updateTable('items').set({ bid_amount: hammer, bid_count: 5 }).where('id', '=', id).execute();
    }
    await createItem(db, { auction_type_id: saleId, name: 'Mazda BT-50', status: 'unsold' });

    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughLoginPage(page, e2e.server.url, operator.email);
    await page.goto(`${e2e.server.url}/admin/settings`);
    await page.getByTestId('vat-rate').fill('17.5');
    await page.getByRole('button', { name: /^Save: VAT/ }).click();
    await page.getByText("VAT on the buyer's premium is now 17.5 %").waitFor();

    await page.goto(`${e2e.server.url}/admin/sales/${saleId}`);
    const results = page.getByTestId('sale-results');
    await results.waitFor();
    expect(await page.getByTestId('result-hammer').textContent()).toBe('MK 24,000,000');
    expect(await page.getByTestId('result-premium').textContent()).toBe('MK 1,200,000');
    expect(await page.getByTestId('result-vat').textContent()).toBe('MK 210,000');
    expect(await page.getByTestId('result-sell-through').textContent()).toBe('66.7 %');
    expect(await results.textContent()).toContain('Mayeso Chirwa');
    await new TestClient(e2e.server.url, operator.token).request('PATCH', '/api/admin/settings', { vat_rate_percent: 16.5 });
    await ctx.close();
  }, 90_000);
});
