import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localInput, shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

/** Seconds a countdown text stands for: `4m 59s`, `42s`, `1h 5m` (to the minute). */
function seconds(text: string): number {
  const part = (unit: string) => Number(new RegExp(`(\\d+)${unit}`).exec(text)?.[1] ?? 0);
  return part('d') * 86_400 + part('h') * 3600 + part('m') * 60 + part('s');
}

const texts = async (l: Locator) => (await l.allTextContents()).map((t) => t.trim());

describe('an operator runs a staggered online sale from the browser, a bidder follows it (issue 13 "Sales")', () => {
  it('when an operator creates an online sale with a 30 s stagger, reorders its lots and publishes it, then a bidder sees /auctions/{id} with the lots in order, each counting down to its own close, live', async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Thandiwe Phiri' });
    await grantRole(db, operator.id, 'admin');
    const bidder = await createCustomer(db, { name: 'Kondwani Mwale' });

    const desk = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Africa/Blantyre' });
    const page = await desk.newPage();
    await signInThroughLoginPage(page, e2e.server.url, operator.email);

    // The sale, through the form.
    await page.goto(`${e2e.server.url}/admin/sales`);
    await page.getByRole('heading', { name: 'Sales', exact: true }).waitFor();
    await page.getByTestId('new-sale').click();
    const form = page.getByTestId('sale-form');
    await form.getByLabel('Name').fill('Yard clearance, Limbe');
    await form.getByLabel('Starts').fill(await localInput(page, Date.now() - 3600_000));
    await form.getByLabel('Ends (the first lot closes)').fill(await localInput(page, Date.now() + 5 * 60_000));
    await form.getByLabel('Seconds between lots').fill('30');
    await form.getByLabel("Buyer's premium (%)").fill('10');
    await shot(page, 'admin-sale-form');
    await form.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/admin\/sales\/\d+$/);
    const saleId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('sale-name').getByText('Yard clearance, Limbe').waitFor();
    expect(await page.getByTestId('sale-status').textContent()).toBe('Draft');
    expect(await page.getByTestId('sale-stagger').textContent()).toBe('30 s');

    // Its lots (the lots screens are another part of the issue): made here, then put in order by dragging.
    const mower = await createItem(db, { auction_type_id: saleId, name: 'Honda lawn mower', target_amount: 80_000 });
    const fridge = await createItem(db, { auction_type_id: saleId, name: 'Defy fridge', target_amount: 150_000 });
    const generator = await createItem(db, { auction_type_id: saleId, name: 'Yamaha generator 5 kVA', target_amount: 400_000 });
    await page.reload();
    const rows = page.getByTestId('sale-lot');
    await expect.poll(() => texts(rows.getByTestId('lot-name'))).toEqual(['Honda lawn mower', 'Defy fridge', 'Yamaha generator 5 kVA']);
    await rows.nth(2).dragTo(rows.nth(0));
    await page.getByText('Lot order saved.').waitFor();
    await expect.poll(() => texts(rows.getByTestId('lot-name'))).toEqual(['Yamaha generator 5 kVA', 'Honda lawn mower', 'Defy fridge']);
    expect(await texts(rows.getByTestId('lot-number'))).toEqual(['1', '2', '3']);
    // And with the arrows (a phone has no drag): the fridge up one place.
    await page.getByRole('button', { name: 'Move lot 3 up' }).click();
    await expect.poll(() => texts(rows.getByTestId('lot-name'))).toEqual(['Yamaha generator 5 kVA', 'Defy fridge', 'Honda lawn mower']);
    // Saved (the list moves at once; the order is saved behind it).
    const savedOrder = async () =>
      (await db.selectFrom('items').select('id').where('auction_type_id', '=', saleId).orderBy('lot_number').execute()).map((r) => r.id);
    await expect.poll(savedOrder).toEqual([generator, fridge, mower]);
    await shot(page, 'admin-sale-page');

    // Published: the lots' closes are staggered 30 s apart from the end.
    await page.getByTestId('publish-sale').click();
    await page.getByTestId('confirm-publish').click();
    await page.getByText('Yard clearance, Limbe is published: bidders can see it now.').waitFor();
    await expect.poll(() => page.getByTestId('sale-status').textContent()).toBe('Published');
    const ends = await db.selectFrom('items').select(['id', 'date_to']).where('auction_type_id', '=', saleId).orderBy('lot_number').execute();
    const endMs = ends.map((r) => r.date_to!.getTime());
    expect([endMs[1] - endMs[0], endMs[2] - endMs[1]]).toEqual([30_000, 30_000]);

    // The bidder, on a phone, opens the catalogue.
    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Blantyre' });
    const bidderPage = await phone.newPage();
    await bidderPage.goto(`${e2e.server.url}/auctions/${saleId}`);
    await bidderPage.getByTestId('catalogue-sale-name').getByText('Yard clearance, Limbe').waitFor();
    const lots = bidderPage.getByTestId('catalogue-lot');
    await expect.poll(() => texts(lots.getByTestId('catalogue-lot-name'))).toEqual(['Yamaha generator 5 kVA', 'Defy fridge', 'Honda lawn mower']);
    expect(await texts(lots.getByTestId('catalogue-lot-number'))).toEqual(['1', '2', '3']);
    expect(await bidderPage.getByTestId('catalogue-closing').textContent()).toContain('30 seconds apart');
    expect(await bidderPage.getByTestId('catalogue-terms-note').textContent()).toContain('buyer’s premium of 10%');
    // Each lot counts down to its own close: 30 s after the one before.
    const countdowns = async () => (await texts(lots.getByTestId('catalogue-lot-countdown'))).map(seconds);
    const first = await countdowns();
    expect(first[0]).toBeGreaterThan(200);
    expect(first[0]).toBeLessThanOrEqual(300);
    expect(Math.abs(first[1] - first[0] - 30)).toBeLessThanOrEqual(1);
    expect(Math.abs(first[2] - first[1] - 30)).toBeLessThanOrEqual(1);
    // …and ticks.
    await expect.poll(async () => (await countdowns())[0], { timeout: 4000 }).toBeLessThan(first[0]);

    // A bid reaches the page without a reload.
    const bid = await new TestClient(e2e.server.url, bidder.token).post('/ajax-bid', { item_id: generator, amount: 410_000 });
    expect(bid.status).toBe(200);
    await expect.poll(() => lots.nth(0).getByTestId('catalogue-lot-price').textContent()).toBe('MK 410,000');
    await shot(bidderPage, 'sale-catalogue');

    // The operator brings the end forward to 20 s from now: every lot's countdown on the bidder's page follows.
    await page.getByRole('button', { name: 'Edit' }).click();
    const editForm = page.getByTestId('sale-form');
    const newEnd = Date.now() + 20_000;
    await editForm.getByLabel('Ends (the first lot closes)').fill(await localInput(page, newEnd));
    await editForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Sale saved.').waitFor();
    await expect.poll(async () => (await countdowns())[0], { timeout: 5000 }).toBeLessThanOrEqual(20);
    // The later lots' new closes may show a moment after the first one's: wait for them, as a bidder would.
    await expect
      .poll(
        async () => {
          const moved = await countdowns();
          return Math.abs(moved[1] - moved[0] - 30);
        },
        { timeout: 5000 },
      )
      .toBeLessThanOrEqual(1);

    // Lot 1 closes first (sold to the bidder) while lot 2 still counts down.
    await expect.poll(() => lots.nth(0).getByTestId('catalogue-lot-status').textContent(), { timeout: 30_000 }).toBe('Sold');
    expect(await lots.nth(1).getByTestId('catalogue-lot-status').textContent()).toBe('Open');
    expect(seconds((await lots.nth(1).getByTestId('catalogue-lot-countdown').textContent()) ?? '')).toBeGreaterThan(0);

    // Every step is in the sale's audit trail, by the operator.
    const history = await new TestClient(e2e.server.url, operator.token).get(`/api/admin/audit?subject_type=sale&subject_id=${saleId}&per_page=50`);
    expect(new Set(history.body.data.map((e: { type: string }) => e.type))).toEqual(
      new Set(['sale.created', 'sale.lots_reordered', 'sale.published', 'sale.closes_rescheduled', 'sale.updated']),
    );

    // The new screens at the other width.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'admin-sale-page');
    await page.goto(`${e2e.server.url}/admin/sales`);
    await page.getByTestId('sale-card').first().waitFor();
    await shot(page, 'admin-sales');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('sale-row').first().waitFor();
    await shot(page, 'admin-sales');
    await bidderPage.setViewportSize({ width: 1440, height: 900 });
    await shot(bidderPage, 'sale-catalogue');
    await desk.close();
    await phone.close();
  }, 120_000);
});
