import { describe, expect, it } from 'vitest';
import { sellLotTo } from '../helpers/auctions.js';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, grantRole } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('paying a won auction, end to end (issue 13 "Settlement")', () => {
  it("when a winner opens the dashboard, then the Won row offers Pay, explains DPO Pay's limit first, and DPO Pay settles the order", async () => {
    const db = e2e.server.database.db;
    const winner = await createCustomer(db, { name: 'Tiwonge Mhango' });
    const { itemId, closed } = await sellLotTo(e2e.server, winner, { name: 'Honda Fit 2010 (BT 5521)', target: 300_000, amount: 320_000 });
    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, winner.email);
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    await page.getByTestId('pay-won-lot').first().click();
    await expect.poll(() => page.getByTestId('dpo-limit-note').textContent()).toContain('MK 999,999.99');
    await page.getByLabel('DPO Pay — card or mobile money, now').check();
    await page.getByTestId('pay-continue').click();
    await page.waitForURL(/\/dpo-simulator\/payv2\.php\?ID=/, { timeout: 15_000 });
    expect(await page.getByTestId('sim-amount').textContent()).toBe('MWK 320,000.00');
    await page.getByTestId('sim-approve').click();
    await page.waitForURL(/\/payment-success\?TransID=/);
    await expect.poll(() => page.getByTestId('result-title').textContent(), { timeout: 10_000 }).toBe('Payment Successful');
    const order = await db.selectFrom('orders').select(['status', 'payment_method']).where('id', '=', closed!.order_id!).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', payment_method: 'dpopay' });
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    await page.getByTestId('won-paid').first().waitFor();
    expect(await page.getByTestId('pay-won-lot').count()).toBe(0);
    expect(itemId).toBeGreaterThan(0);
    await ctx.close();
  }, 90_000);

  it('when the amount is above DPO Pay’s limit, then only cash and bank transfer are offered and the bank reference is the order reference', async () => {
    const db = e2e.server.database.db;
    const winner = await createCustomer(db, { name: 'Kondwani Zulu' });
    const { closed } = await sellLotTo(e2e.server, winner, { name: 'Toyota Hilux 2018', target: 18_000_000, amount: 18_500_000 });
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, winner.email);
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    await page.locator('[data-testid="pay-won-lot"]:visible').first().click();
    await expect.poll(() => page.getByTestId('dpo-limit-note').textContent()).toContain('above DPO Pay');
    expect(await page.getByLabel('DPO Pay — card or mobile money, now').count()).toBe(0);
    await page.getByText('Bank transfer, quoting').click();
    await page.getByTestId('pay-continue').click();
    const ref = (await db.selectFrom('orders').select('order_reference').where('id', '=', closed!.order_id!).executeTakeFirstOrThrow()).order_reference;
    await expect.poll(() => page.getByTestId('pay-instructions').textContent()).toContain(ref);
    await ctx.close();
  }, 90_000);

  it('when the winner chose bank transfer, then an operator records it on the Orders screen and the order is paid', async () => {
    const db = e2e.server.database.db;
    const winner = await createCustomer(db, { name: 'Grace Nyirenda' });
    const operator = await createCustomer(db, { name: 'Operator Banda' });
    await grantRole(db, operator.id, 'admin');
    const { closed } = await sellLotTo(e2e.server, winner, { name: 'Massey Ferguson 375 tractor', target: 9_000_000, amount: 9_200_000 });
    const ref = (await db.selectFrom('orders').select('order_reference').where('id', '=', closed!.order_id!).executeTakeFirstOrThrow()).order_reference;
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, operator.email);
    await page.goto(`${e2e.server.url}/admin/orders?search=${ref}`);
    await page.locator('[data-testid="record-won-payment"]:visible').first().click();
    await page.getByText('Bank transfer', { exact: true }).click();
    await page.getByLabel('Transfer reference').fill('NBM-55120');
    await page.getByTestId('record-won-payment-confirm').click();
    await expect
      .poll(async () => (await db.selectFrom('orders').select('status').where('id', '=', closed!.order_id!).executeTakeFirstOrThrow()).status)
      .toBe('paid');
    await expect.poll(() => page.locator('[data-testid="record-won-payment"]:visible').count()).toBe(0);
    await ctx.close();
  }, 90_000);
  it('when the winner opens the lot they won, then the item page says so with the order and amount due, and Pay leads to the same choices', async () => {
    const db = e2e.server.database.db;
    const winner = await createCustomer(db, { name: 'Chimwemwe Phiri' });
    const other = await createCustomer(db, { name: 'Not The Winner' });
    const { itemId, closed } = await sellLotTo(e2e.server, winner, { name: 'Yamaha DT 125 motorbike', target: 600_000, amount: 650_000 });
    const ref = (await db.selectFrom('orders').select('order_reference').where('id', '=', closed!.order_id!).executeTakeFirstOrThrow()).order_reference;
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, winner.email);
    await page.goto(`${e2e.server.url}/item/${itemId}`);
    const panel = page.locator('[data-testid="won-lot-panel"]:visible');
    await panel.waitFor();
    expect(await panel.textContent()).toContain(`Invoice ${ref}`);
    expect(await panel.textContent()).toContain('MK 650,000');
    expect(await panel.getByTestId('won-lot-due').textContent()).toMatch(/Please pay by \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\./);
    await panel.getByTestId('pay-won-lot').click();
    await expect.poll(() => page.getByTestId('dpo-limit-note').textContent()).toContain('MK 999,999.99');
    await page.getByText('Cash at our office').click();
    await page.getByTestId('pay-continue').click();
    await page.getByTestId('pay-instructions').waitFor();
    await ctx.close();

    // Another bidder sees no Pay on the same lot.
    const otherCtx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const otherPage = await otherCtx.newPage();
    await signInThroughLoginPage(otherPage, e2e.server.url, other.email);
    await otherPage.goto(`${e2e.server.url}/item/${itemId}`);
    await otherPage.getByTestId('current-price').first().waitFor();
    expect(await otherPage.getByTestId('won-lot-panel').count()).toBe(0);
    await otherCtx.close();
  }, 90_000);
});
