import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAuction } from '../../server/auctions/auctions.commands.js';
import { systemActor } from '../../server/events/domain-events.js';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createTestRunner } from '../helpers/commands.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

const signIn = (page: Page, email: string) => signInThroughLoginPage(page, e2e.server.url, email);

/** A sale whose own increment table is one band: bids rise by `increment` from any price. */
async function saleWithIncrement(increment: number): Promise<number> {
  const db = e2e.server.database.db;
  const saleId = await createAuctionType(db, 'online');
  await db.insertInto('increment_bands').values({ auction_type_id: saleId, from_amount: 0, increment }).execute();
  return saleId;
}

describe('maximum bids on the item page, in Chromium (issue "Bidding engine")', () => {
  it('when A sets a maximum and B bids below it in another browser, then B is outbid at once one increment above their bid, A reads Winning and "Your maximum", and the history marks the automatic bid', async () => {
    const db = e2e.server.database.db;
    const saleId = await saleWithIncrement(50_000);
    const itemId = await createItem(db, { name: 'Massey Ferguson 375 tractor', auction_type_id: saleId, target_amount: 1_000_000 });
    const alice = await createCustomer(db, { name: 'Chikondi Banda' });
    const bob = await createCustomer(db, { name: 'Thoko Phiri' });

    const aCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const bCtx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const a = await aCtx.newPage();
    const b = await bCtx.newPage();
    a.setDefaultTimeout(10_000);
    b.setDefaultTimeout(10_000);
    await Promise.all([signIn(a, alice.email), signIn(b, bob.email)]);
    await Promise.all([a.goto(`${e2e.server.url}/item/${itemId}`), b.goto(`${e2e.server.url}/item/${itemId}`)]);
    await a.getByTestId('place-bid-button').waitFor();
    await b.getByTestId('place-bid-button').waitFor();
    expect(await a.getByTestId('min-next-bid').textContent()).toBe('MK 1,050,000');

    // A bids the minimum and leaves a maximum of MK 2,000,000.
    await a.getByTestId('bid-amount-input').fill('1050000');
    await a.getByTestId('max-toggle').click();
    await a.getByTestId('max-amount-input').fill('2000000');
    expect(await a.getByTestId('max-amount-input').inputValue()).toBe('2,000,000');
    await a.getByTestId('place-bid-button').click();
    await expect.poll(() => a.getByTestId('bid-position').textContent(), { timeout: 5000 }).toBe('Winning');
    await expect.poll(() => a.getByTestId('your-maximum').textContent()).toBe('Your maximum: MK 2,000,000');
    await expect.poll(() => b.getByTestId('current-price').textContent(), { timeout: 5000 }).toBe('MK 1,050,000');
    // Nobody else sees a maximum.
    expect(await b.getByTestId('your-maximum').count()).toBe(0);
    expect(await b.content()).not.toContain('2,000,000');

    // B bids MK 1,200,000, below A's maximum: A's maximum answers at once, one increment above.
    await b.getByTestId('bid-amount-input').fill('1200000');
    await b.getByTestId('place-bid-button').click();
    await expect.poll(() => b.getByTestId('bid-position').textContent(), { timeout: 5000 }).toBe('Outbid');
    await expect.poll(() => b.getByTestId('current-price').textContent()).toBe('MK 1,250,000');
    expect(await b.getByTestId('bid-outcome').textContent()).toContain('another bidder’s maximum is higher');
    await expect.poll(() => a.getByTestId('current-price').textContent(), { timeout: 5000 }).toBe('MK 1,250,000');
    expect(await a.getByTestId('bid-position').textContent()).toBe('Winning');
    expect(await a.getByTestId('your-maximum').textContent()).toBe('Your maximum: MK 2,000,000');

    // The history, on both pages: A's automatic answer on top with its "auto" badge, B's bid, A's first bid.
    for (const page of [a, b]) {
      await expect.poll(() => page.getByTestId('bid-row').count(), { timeout: 5000 }).toBe(3);
      const top = page.getByTestId('bid-row').first();
      expect(await top.getByTestId('bid-row-amount').textContent()).toBe('MK 1,250,000');
      expect(await top.getByTestId('bid-auto').textContent()).toBe('auto');
      expect(await page.getByTestId('bid-auto').count()).toBe(1);
    }

    // After a reload A still reads the same (from the item's viewer standing).
    await a.reload();
    await expect.poll(() => a.getByTestId('your-maximum').textContent(), { timeout: 5000 }).toBe('Your maximum: MK 2,000,000');
    await expect.poll(() => a.getByTestId('bid-position').textContent()).toBe('Winning');

    // A raises the maximum: no new bid, the price stays.
    await a.getByTestId('max-toggle').click();
    await a.getByTestId('max-amount-input').fill('2500000');
    await a.getByTestId('place-bid-button').click();
    await expect.poll(() => a.getByTestId('your-maximum').textContent(), { timeout: 5000 }).toBe('Your maximum: MK 2,500,000');
    expect(await a.getByTestId('current-price').textContent()).toBe('MK 1,250,000');

    const stored = await db.selectFrom('bids').select(['bid_amount', 'user_id', 'automatic']).where('item_id', '=', itemId).orderBy('id').execute();
    expect(stored.map((s) => [Number(s.bid_amount), s.user_id, s.automatic])).toEqual([
      [1_050_000, alice.id, false],
      [1_200_000, bob.id, false],
      [1_250_000, alice.id, true],
    ]);
    await aCtx.close();
    await bCtx.close();
  }, 60_000);

  it('when a bid reaches the reserve of a lot someone is watching, then their page turns from "Reserve not met" to "Reserve met" without reload; a lot without a reserve says neither', async () => {
    const db = e2e.server.database.db;
    const saleId = await saleWithIncrement(50_000);
    const itemId = await createItem(db, { name: 'Toyota Corolla 2012 (reserve)', auction_type_id: saleId, target_amount: 1_000_000, reserve_price: 1_500_000 });
    const plainId = await createItem(db, { name: 'Toyota Vitz 2010', auction_type_id: saleId, target_amount: 800_000 });
    const alice = await createCustomer(db);
    const page = await e2e.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${e2e.server.url}/item/${plainId}`);
    await page.getByTestId('current-price').waitFor();
    expect(await page.getByTestId('reserve-status').count()).toBe(0);
    await page.goto(`${e2e.server.url}/item/${itemId}`);
    await expect.poll(() => page.getByTestId('reserve-status').textContent(), { timeout: 5000 }).toBe('Reserve not met');
    await page.waitForTimeout(300); // the page joins the lot's room

    const alicesApi = new TestClient(e2e.server.url, alice.token);
    expect((await alicesApi.post('/ajax-bid', { item_id: itemId, amount: 1_100_000 })).status).toBe(200);
    await expect.poll(() => page.getByTestId('current-price').textContent(), { timeout: 5000 }).toBe('MK 1,100,000');
    expect(await page.getByTestId('reserve-status').textContent()).toBe('Reserve not met');
    // A maximum at the reserve lifts the price to it (the standard rule) and the reserve is met, live.
    expect((await alicesApi.post('/ajax-bid', { item_id: itemId, amount: 1_100_000, max_amount: 1_600_000 })).status).toBe(200);
    await expect.poll(() => page.getByTestId('reserve-status').textContent(), { timeout: 5000 }).toBe('Reserve met');
    expect(await page.getByTestId('current-price').textContent()).toBe('MK 1,500,000');
    await page.close();
  }, 60_000);

  it('when a lot with a reserve closes unsold, then its top bidder reads "Reserve not met — not sold", another bidder "Ended — not sold", and nobody sees Winning', async () => {
    const db = e2e.server.database.db;
    const saleId = await saleWithIncrement(10_000);
    const itemId = await createItem(db, { name: 'Nissan Hardbody (reserve)', auction_type_id: saleId, target_amount: 500_000, reserve_price: 900_000 });
    const alice = await createCustomer(db, { name: 'Mphatso Gondwe' });
    const bob = await createCustomer(db, { name: 'Kondwani Mwale' });
    expect((await new TestClient(e2e.server.url, alice.token).post('/ajax-bid', { item_id: itemId, amount: 520_000 })).status).toBe(200);
    expect((await new TestClient(e2e.server.url, bob.token).post('/ajax-bid', { item_id: itemId, amount: 600_000 })).status).toBe(200);

    // While open, the item page says the reserve is not met yet.
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signIn(page, bob.email);
    await page.goto(`${e2e.server.url}/item/${itemId}`);
    await expect.poll(() => page.getByTestId('reserve-status').textContent(), { timeout: 5000 }).toBe('Reserve not met');
    expect(await page.getByTestId('bid-position').textContent()).toBe('Winning');

    // The lot ends below its reserve and the closing job marks it unsold.
    await db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() - 60_000) })
      .where('id', '=', itemId)
      .execute();
    const closed = await createTestRunner(db).runner.run(closeAuction, systemActor('test'), { itemId });
    expect(closed?.status).toBe('unsold');

    await page.reload();
    await expect.poll(() => page.getByTestId('lot-outcome').textContent(), { timeout: 5000 }).toBe('Reserve not met — not sold');
    expect(await page.getByTestId('bid-position').textContent()).toBe('Not sold');
    expect((await page.locator('body').innerText()).toUpperCase()).not.toContain('WINNING');
    expect(await page.getByText('Final Bid', { exact: true }).count()).toBe(0);

    // The dashboard's history agrees.
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    await expect.poll(() => page.getByTestId('history-result').first().textContent(), { timeout: 5000 }).toBe('Reserve not met — not sold');

    // Another bidder, and a guest, read that it ended unsold.
    const other = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const otherPage = await other.newPage();
    await signIn(otherPage, alice.email);
    await otherPage.goto(`${e2e.server.url}/item/${itemId}`);
    await expect.poll(() => otherPage.getByTestId('lot-outcome').textContent(), { timeout: 5000 }).toBe('Ended — not sold');
    expect((await otherPage.locator('body').innerText()).toUpperCase()).not.toContain('WINNING');
    const guest = await e2e.browser.newPage();
    await guest.goto(`${e2e.server.url}/item/${itemId}`);
    await expect.poll(() => guest.getByTestId('lot-outcome').textContent(), { timeout: 5000 }).toBe('Ended — not sold');
    expect(await guest.getByTestId('bid-position').count()).toBe(1);
    expect(await guest.getByTestId('bid-position').textContent()).toBe('Not sold');
    await guest.close();
    await other.close();
    await ctx.close();
  }, 60_000);

  it('when an operator saves a sale’s increment table on /admin/bidding, then the lot’s minimum next bid follows it; a repeated band start is refused on its field', async () => {
    const db = e2e.server.database.db;
    const saleId = await createAuctionType(db, 'online', 'Blantyre plant and machinery sale');
    const itemId = await createItem(db, { name: 'Caterpillar 320D excavator', auction_type_id: saleId, target_amount: 500_000 });
    const operator = await createCustomer(db, { name: 'Thandiwe Phiri' });
    await grantRole(db, operator.id, 'admin');

    const ctx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await signIn(page, operator.email);
    await page.goto(`${e2e.server.url}/admin/bidding`);
    await page.getByRole('link', { name: 'Bidding' }).waitFor();
    await page.getByTestId('increment-table-select').click();
    await page.getByRole('option', { name: 'Blantyre plant and machinery sale' }).click();
    await page.getByTestId('uses-global').waitFor();

    await page.getByTestId('band-add').click();
    await page.getByTestId('band-from').nth(0).fill('0');
    await page.getByTestId('band-increment').nth(0).fill('25000');
    await page.getByTestId('band-add').click();
    await page.getByTestId('band-from').nth(1).fill('0');
    await page.getByTestId('band-increment').nth(1).fill('50000');
    await page.getByTestId('save-increments').click();
    await page.getByText('Two bands start at the same price').waitFor();

    await page.getByTestId('band-from').nth(1).fill('1000000');
    expect(await page.getByTestId('band-from').nth(1).inputValue()).toBe('1,000,000');
    await page.getByTestId('save-increments').click();
    await page.getByText('Increment table saved').waitFor();

    const bands = await new TestClient(e2e.server.url).get(`/api/bid-increments?item_id=${itemId}`);
    expect(bands.body.data).toEqual([
      { from: 0, increment: 25_000 },
      { from: 1_000_000, increment: 50_000 },
    ]);
    await page.goto(`${e2e.server.url}/item/${itemId}`);
    await expect.poll(() => page.getByTestId('min-next-bid').textContent(), { timeout: 5000 }).toBe('MK 525,000');

    // A bid on the lot, retracted from the operator's lot panel with a reason.
    const bidder = await createCustomer(db, { name: 'Yamikani Chirwa' });
    expect((await new TestClient(e2e.server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 525_000 })).status).toBe(200);
    await page.getByTestId('manage-bids').click();
    await page.waitForURL(`${e2e.server.url}/admin/bidding?item=${itemId}`);
    await page.locator('[data-testid="retract-bid"]:visible').first().click();
    await page.getByTestId('retract-confirm').click();
    await page.getByText('Give a reason for the retraction').waitFor();
    await page.getByTestId('retract-reason').fill('Bidder called: typing mistake');
    await page.getByTestId('retract-confirm').click();
    await page.getByText('No bids on this lot.').waitFor();
    const retracted = await db.selectFrom('retracted_bids').select(['bid_amount', 'reason']).where('item_id', '=', itemId).execute();
    expect(retracted.map((r) => [Number(r.bid_amount), r.reason])).toEqual([[525_000, 'Bidder called: typing mistake']]);
    await ctx.close();
  }, 60_000);
});
