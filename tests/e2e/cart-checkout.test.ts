import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createAuctionType, createItem } from '../helpers/factories.js';

const e2e = setupServerAndBrowser();

let cashType: number;

beforeAll(async () => {
  cashType = await createAuctionType(e2e.server.database.db, 'cash', 'Daily Sale');
});

async function addFromItemPage(page: Page, itemId: number): Promise<void> {
  await page.goto(`${e2e.server.url}/item/${itemId}`);
  await page.getByTestId('add-to-cart-button').click();
  await page.getByTestId('in-cart-notice').waitFor();
}

/** Fills the wizard as a guest and stops on the review step with `method` chosen. */
async function fillCheckout(page: Page, method: 'cash' | 'dpopay'): Promise<void> {
  await page.getByTestId('first-name').fill('Tiyamike');
  await page.getByTestId('last-name').fill('Phiri');
  await page.getByTestId('email').fill('tiyamike@example.mw');
  await page.getByTestId('phone').fill('+265 991 234 567');
  await page.getByTestId('step-continue').click();
  await page.getByTestId('address').fill('Area 47, Sector 3, House 12');
  await page.getByTestId('region').click();
  await page.getByRole('option', { name: 'Central' }).click();
  await page.getByTestId('district').click();
  await page.getByRole('option', { name: 'Lilongwe' }).click();
  await page.getByTestId('step-continue').click();
  await page.getByTestId(`method-${method}`).click();
  if (method === 'dpopay') expect(await page.getByTestId('pay-name').inputValue()).toBe('Tiyamike Phiri');
  await page.getByTestId('step-continue').click();
  await page.getByTestId('terms').check();
}

describe('cart and checkout in Chromium (end to end)', () => {
  it('when a guest adds two items, then a second tab shows the same cart live, and cash on delivery reserves them', async () => {
    const db = e2e.server.database.db;
    const chair = await createItem(db, { auction_type_id: cashType, name: 'Executive office chair', target_amount: 85_000, date_to: null });
    const desk = await createItem(db, { auction_type_id: cashType, name: 'Mahogany writing desk', target_amount: 240_000, date_to: null });
    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab1 = await ctx.newPage();
    await addFromItemPage(tab1, chair);
    const tab2 = await ctx.newPage();
    await tab2.goto(`${e2e.server.url}/cart`);
    await expect.poll(() => tab2.getByTestId('cart-row').count(), { timeout: 10_000 }).toBe(1);
    await tab2.waitForTimeout(300); // the second tab's socket joins its cart room
    await addFromItemPage(tab1, desk);
    await expect.poll(() => tab2.getByTestId('cart-row').count(), { timeout: 10_000 }).toBe(2);
    expect(await tab2.getByTestId('cart-total').textContent()).toBe('MK 325,000');

    await tab1.bringToFront(); // a background tab's timers are throttled
    await tab1.goto(`${e2e.server.url}/cart`);
    await tab1.getByTestId('cart-checkout').click();
    await tab1.waitForURL(`${e2e.server.url}/checkout`);
    await fillCheckout(tab1, 'cash');
    await tab1.getByTestId('place-order').click();
    await tab1.waitForURL(/\/payment-success\?cod=1/, { timeout: 15_000 });
    await expect.poll(() => tab1.getByTestId('result-title').textContent(), { timeout: 10_000 }).toBe('Order Placed');
    const ref = await tab1.getByTestId('receipt-reference').textContent();
    const order = await db
      .selectFrom('orders')
      .select(['status', 'amount_total', 'payment_method', 'reserved_until'])
      .where('order_reference', '=', ref!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'reserved', amount_total: 325_000, payment_method: 'cash' });
    const items = await db.selectFrom('items').select(['is_reserved']).where('id', 'in', [chair, desk]).execute();
    expect(items.every((i) => i.is_reserved)).toBe(true);
    await expect.poll(() => tab2.getByTestId('cart-empty').count(), { timeout: 10_000 }).toBe(1);
    await ctx.close();
  }, 90_000);

  it('when another guest pays with DPO Pay through the simulator, then Payment Successful shows and the order is paid', async () => {
    const db = e2e.server.database.db;
    const radio = await createItem(db, { auction_type_id: cashType, name: 'Solar radio', target_amount: 45_000, date_to: null });
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await addFromItemPage(page, radio);
    await page.getByTestId('detail-checkout-button').click();
    await page.waitForURL(`${e2e.server.url}/checkout`);
    await fillCheckout(page, 'dpopay');
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/dpo-simulator\/payv2\.php\?ID=/, { timeout: 15_000 });
    expect(await page.getByTestId('sim-amount').textContent()).toBe('MWK 45,000.00');
    await page.getByTestId('sim-approve').click();
    await page.waitForURL(/\/payment-success\?TransID=/);
    await expect.poll(() => page.getByTestId('result-title').textContent(), { timeout: 10_000 }).toBe('Payment Successful');
    const ref = await page.getByTestId('receipt-reference').textContent();
    const order = await db.selectFrom('orders').select(['id', 'status', 'paid_at']).where('order_reference', '=', ref!).executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    expect(order.paid_at).not.toBeNull();
    expect((await db.selectFrom('items').select('status').where('id', '=', radio).executeTakeFirstOrThrow()).status).toBe('sold');
    await page.reload();
    await expect.poll(() => page.getByTestId('result-title').textContent(), { timeout: 10_000 }).toBe('Payment Successful');
    expect((await db.selectFrom('payments').select('status').where('order_id', '=', order.id).execute()).map((p) => p.status)).toEqual(['paid']);
    await ctx.close();
  }, 90_000);
});
