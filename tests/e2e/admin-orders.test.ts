import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

let cashType: number;

beforeAll(async () => {
  cashType = await createAuctionType(e2e.server.database.db, 'cash', 'Daily Sale');
});

/** A new customer buys a new daily-sale item with cash on delivery through the real checkout API; answers the order reference. */
async function placeCashOrder(item: string, price: number, buyer: { first: string; last: string }): Promise<string> {
  const db = e2e.server.database.db;
  const user = await createCustomer(db, { name: `${buyer.first} ${buyer.last}` });
  const client = new TestClient(e2e.server.url, user.token);
  const itemId = await createItem(db, { auction_type_id: cashType, name: item, target_amount: price, date_to: null });
  expect((await client.post(`/cart/add/${itemId}`)).status).toBe(200);
  const res = await client.post('/checkout/cash', {
    customer: { firstName: buyer.first, lastName: buyer.last, email: `${buyer.first.toLowerCase()}@example.mw`, phone: '0888 123 456' },
    billing: { address: 'Plot 12, Namiwawa', city: 'Southern', state: 'Blantyre', postalCode: '', country: 'Malawi' },
    cart: { items: [], total: price },
    currency: 'MWK',
    payment_method: 'cash',
  });
  expect(res.status).toBe(200);
  return res.body.order_reference;
}

/** Opens /admin/orders and marks the document, so a later check can prove the page was never reloaded. */
async function openOrders(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/admin/orders`);
  await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

/** The order's row (desktop table) or card (phone), by reference. */
const orderIn = (page: Page, testId: 'order-row' | 'order-card', reference: string): Locator => page.getByTestId(testId).filter({ hasText: reference });

const text = async (l: Locator) => (await l.textContent()) ?? '';

describe('admin Orders screen in Chromium, two operators live', () => {
  it('when operator A records cash and operator B cancels with a reason, then each screen shows both changes without reload; a new order appears and a confirmation open on a settled order says so', async () => {
    const db = e2e.server.database.db;
    const fridge = await placeCashOrder('Defy double-door fridge', 410_000, { first: 'Chikondi', last: 'Banda' });
    const sofa = await placeCashOrder('Three-seater sofa', 275_000, { first: 'Kondwani', last: 'Mwale' });
    const a = await createCustomer(db, { name: 'Thandiwe Phiri' });
    const b = await createCustomer(db, { name: 'Mphatso Gondwe' });
    await grantRole(db, a.id, 'admin');
    await grantRole(db, b.id, 'admin');

    const ctxA = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const ctxB = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const pageA = await ctxA.newPage();
    const pageB = await ctxB.newPage();
    await Promise.all([signInThroughLoginPage(pageA, e2e.server.url, a.email), signInThroughLoginPage(pageB, e2e.server.url, b.email)]);
    await Promise.all([openOrders(pageA), openOrders(pageB)]);

    // A works at a desk (table rows), B on a phone (cards); both on the default Reserved filter.
    const fridgeA = orderIn(pageA, 'order-row', fridge);
    const fridgeB = orderIn(pageB, 'order-card', fridge);
    const sofaA = orderIn(pageA, 'order-row', sofa);
    const sofaB = orderIn(pageB, 'order-card', sofa);
    await Promise.all([fridgeA.waitFor(), fridgeB.waitFor(), sofaA.waitFor(), sofaB.waitFor()]);
    expect(await text(fridgeB)).toContain('MK 410,000');
    expect(await text(fridgeB)).toContain('Chikondi Banda');

    // A records the fridge's cash.
    await fridgeA.getByRole('button', { name: 'Cash received' }).click();
    const dialogA = pageA.getByRole('dialog', { name: 'Record cash received' });
    expect(await text(dialogA)).toContain('MK 410,000');
    await dialogA.getByRole('button', { name: 'Cash received' }).click();
    await pageA.getByText(`Cash received for ${fridge}; the order is paid.`).waitFor();
    await expect.poll(async () => (await text(fridgeA)).toLowerCase()).toContain('paid');
    expect(await text(fridgeA)).toContain('by Thandiwe Phiri');
    expect(await fridgeA.getByRole('button', { name: 'Cash received' }).count()).toBe(0);

    // B's phone follows without a reload: paid, by whom, and no more actions.
    await expect.poll(async () => text(fridgeB), { timeout: 5000 }).toContain('by Thandiwe Phiri');
    expect((await text(fridgeB.locator('.mantine-Badge-root'))).toLowerCase()).toBe('paid');
    expect(await fridgeB.getByRole('button', { name: 'Cash received' }).count()).toBe(0);
    expect(await notReloaded(pageB)).toBe(true);

    // B cancels the sofa with a reason (required).
    await sofaB.getByRole('button', { name: 'Cancel' }).click();
    const dialogB = pageB.getByRole('dialog', { name: 'Cancel reservation' });
    const cancelOrder = dialogB.getByRole('button', { name: 'Cancel order' });
    expect(await cancelOrder.isDisabled()).toBe(true);
    await dialogB.getByLabel('Reason').fill('Buyer phoned to cancel');
    await cancelOrder.click();
    await pageB.getByText(`${sofa} cancelled; its items are back on sale.`).waitFor();
    await expect.poll(async () => text(sofaB)).toContain('“Buyer phoned to cancel”');
    expect((await text(sofaB.locator('.mantine-Badge-root'))).toLowerCase()).toBe('cancelled');

    // A's table follows without a reload.
    await expect.poll(async () => text(sofaA), { timeout: 5000 }).toContain('“Buyer phoned to cancel”');
    expect(await text(sofaA)).toContain('by Mphatso Gondwe');
    expect((await text(sofaA.locator('.mantine-Badge-root'))).toLowerCase()).toBe('cancelled');
    expect(await notReloaded(pageA)).toBe(true);

    // A new order placed meanwhile appears on both screens.
    const cooker = await placeCashOrder('Four-plate gas cooker', 180_000, { first: 'Tiwonge', last: 'Nkhoma' });
    const cookerA = orderIn(pageA, 'order-row', cooker);
    const cookerB = orderIn(pageB, 'order-card', cooker);
    await Promise.all([cookerA.waitFor({ timeout: 5000 }), cookerB.waitFor({ timeout: 5000 })]);
    expect((await text(cookerB.locator('.mantine-Badge-root'))).toLowerCase()).toBe('reserved');

    // B is about to record the cooker's cash when A does it first: B's dialog says so instead.
    await cookerB.getByRole('button', { name: 'Cash received' }).click();
    const late = pageB.getByRole('dialog', { name: 'Record cash received' });
    await late.getByRole('button', { name: 'Cash received' }).waitFor();
    await cookerA.getByRole('button', { name: 'Cash received' }).click();
    await pageA.getByRole('dialog', { name: 'Record cash received' }).getByRole('button', { name: 'Cash received' }).click();
    await late.getByTestId('order-settled-meanwhile').waitFor({ timeout: 5000 });
    expect(await text(late)).toContain(`${cooker} was marked paid by Thandiwe Phiri while this was open.`);
    expect(await late.getByRole('button', { name: 'Cash received' }).count()).toBe(0);
    await late.getByRole('button', { name: 'Close' }).click();
    expect(await notReloaded(pageA)).toBe(true);
    expect(await notReloaded(pageB)).toBe(true);

    const orders = await db
      .selectFrom('orders')
      .select(['order_reference', 'status', 'cancel_reason'])
      .where('order_reference', 'in', [fridge, sofa, cooker])
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { order_reference: fridge, status: 'paid', cancel_reason: null },
      { order_reference: sofa, status: 'cancelled', cancel_reason: 'Buyer phoned to cancel' },
      { order_reference: cooker, status: 'paid', cancel_reason: null },
    ]);
    await ctxA.close();
    await ctxB.close();
  }, 90_000);
});
