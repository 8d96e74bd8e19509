import { describe, expect, it } from 'vitest';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('watchlist badge and bid dashboard, live, end to end', () => {
  it('when the user watches an item in one tab, then the gavel badge of a second tab updates without reload; unwatching there clears the first', async () => {
    const db = e2e.server.database.db;
    const user = await createCustomer(db, { name: 'Mphatso Chirwa' });
    const itemId = await createItem(db, { name: 'Mahindra Scorpio 2.2 (BT 7781)' });
    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab1 = await ctx.newPage();
    await signInThroughLoginPage(tab1, e2e.server.url, user.email);
    const tab2 = await ctx.newPage();
    await Promise.all([tab1.goto(`${e2e.server.url}/item/${itemId}`), tab2.goto(`${e2e.server.url}/`)]);
    await tab1.getByTestId('watch-button').waitFor();
    await tab2.getByTestId('item-card').first().waitFor();
    await tab2.waitForTimeout(300); // both sockets connected and in the user's room
    expect(await tab2.getByTestId('nav-watchlist-count').count()).toBe(0);
    const urlBefore = tab2.url();

    await tab1.getByTestId('watch-button').click();
    await expect.poll(() => tab1.getByTestId('watch-button').getAttribute('data-watched')).toBe('true');
    await expect.poll(() => tab2.getByTestId('nav-watchlist-count').textContent(), { timeout: 3000, interval: 100 }).toBe('1');
    // The second tab's card for the item shows it as watched too (membership refetched on sync).
    const card = tab2.locator(`[data-testid="item-card"][data-item-id="${itemId}"]`);
    await expect.poll(() => card.getByTestId('watch-button').getAttribute('data-watched')).toBe('true');
    expect(tab2.url()).toBe(urlBefore);

    await card.getByTestId('watch-button').click();
    await expect.poll(() => tab1.getByTestId('nav-watchlist-count').count(), { timeout: 3000, interval: 100 }).toBe(0);
    await expect.poll(() => tab1.getByTestId('watch-button').getAttribute('data-watched')).toBe('false');
    const rows = await db.selectFrom('watchlist_items').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
    await ctx.close();
  });

  it('when another user outbids, then the Winning card turns Outbid with Increase Bid; when an auction closes, then it moves to history as Won', async () => {
    const db = e2e.server.database.db;
    const alice = await createCustomer(db, { name: 'Chikondi Banda' });
    const bob = await createCustomer(db, { name: 'Thoko Phiri' });
    const contested = await createItem(db, { name: 'Yamaha Enduro 40 HP outboard', target_amount: 500_000 });
    const quiet = await createItem(db, { name: 'Defy 5-plate gas stove', target_amount: 50_000, date_to: new Date(Date.now() + 3 * 3600_000) });
    const aliceApi = new TestClient(e2e.server.url, alice.token);
    expect((await aliceApi.post('/ajax-bid', { item_id: contested, amount: 600_000 })).status).toBe(200);
    expect((await aliceApi.post('/ajax-bid', { item_id: quiet, amount: 60_000 })).status).toBe(200);

    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, alice.email);
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    const card = page.locator(`[data-testid="bid-card"][data-item-id="${contested}"]`);
    await expect.poll(() => card.getByTestId('bid-card-status').textContent()).toBe('Winning');
    expect(await card.getByTestId('increase-bid').count()).toBe(0);
    await expect.poll(() => page.getByTestId('stat-active-bids-value').textContent()).toBe('2');
    await page.waitForTimeout(300); // the dashboard joined the items' rooms
    const urlBefore = page.url();

    expect((await new TestClient(e2e.server.url, bob.token).post('/ajax-bid', { item_id: contested, amount: 700_000 })).status).toBe(200);
    await expect.poll(() => card.getByTestId('bid-card-status').textContent(), { timeout: 3000 }).toBe('Outbid');
    await expect.poll(() => card.getByTestId('bid-card-current-bid').textContent()).toBe('MK 700,000');
    expect(await card.getByTestId('bid-card-your-bid').textContent()).toBe('MK 600,000');
    await card.getByTestId('increase-bid').waitFor();
    expect(await card.getByTestId('increase-bid').getAttribute('href')).toBe(`/item/${contested}#bid`);

    // The card's History shows the lot's bids, newest first, hers marked You; opened again it reads them afresh.
    await card.getByRole('button', { name: 'History' }).click();
    const timeline = page.getByTestId('bid-timeline');
    await expect.poll(() => timeline.locator('.mantine-Timeline-item').count()).toBe(2);
    expect(await timeline.locator('.mantine-Timeline-item').first().textContent()).toContain('MK 700,000');
    expect(await timeline.locator('.mantine-Timeline-item').nth(1).textContent()).toContain('You');
    await page.keyboard.press('Escape');
    expect((await aliceApi.post('/ajax-bid', { item_id: contested, amount: 750_000 })).status).toBe(200);
    await expect.poll(() => card.getByTestId('bid-card-status').textContent()).toBe('Winning');
    await card.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => timeline.locator('.mantine-Timeline-item').count()).toBe(3);
    expect(await timeline.locator('.mantine-Timeline-item').first().textContent()).toContain('MK 750,000');
    await page.keyboard.press('Escape');

    // The quiet lot ends with Alice on top; the server's closing sweep (every second) closes it
    // and publishes auction.closed: the card leaves the carousel for the history as Won.
    await db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() - 1000) })
      .where('id', '=', quiet)
      .execute();
    await expect.poll(() => page.locator(`[data-testid="bid-card"][data-item-id="${quiet}"]`).count(), { timeout: 5000 }).toBe(0);
    const historyRow = page.locator(`[data-testid="history-row-mobile"]`).filter({ hasText: 'Defy 5-plate gas stove' });
    await expect.poll(() => historyRow.getByTestId('history-result').textContent(), { timeout: 3000 }).toBe('Won');
    await expect.poll(() => page.getByTestId('stat-won-value').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('stat-active-bids-value').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('stat-win-rate-value').textContent()).toBe('100%');
    expect(page.url()).toBe(urlBefore); // no navigation or reload
    const row = await db.selectFrom('items').select(['closed_by', 'status']).where('id', '=', quiet).executeTakeFirstOrThrow();
    expect(row).toEqual({ closed_by: alice.id, status: 'sold' });
    await ctx.close();
  });
});
