import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';
import { createCustomer, createItem } from '../helpers/factories.js';

const e2e = setupServerAndBrowser();

const signIn = (page: Page, email: string) => signInThroughLoginPage(page, e2e.server.url, email);

async function bid(page: Page, amount: string): Promise<void> {
  const input = page.getByTestId('bid-amount-input');
  await input.fill(amount);
  await page.getByTestId('place-bid-button').click();
}

describe('live bidding in two browsers, end to end', () => {
  it('when the bidder bids, then the watcher sees the price and history row without reload; when the watcher outbids, then the bidder badge turns Outbid', async () => {
    const db = e2e.server.database.db;
    const itemId = await createItem(db, { name: 'Toyota Hilux 2.8 GD-6 (BT 4521)', kind: 'online', target_amount: 1_000_000 });
    const alice = await createCustomer(db, { name: 'Chikondi Banda' });
    const bob = await createCustomer(db, { name: 'Thoko Phiri' });

    const bidderCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const watcherCtx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const bidder = await bidderCtx.newPage();
    const watcher = await watcherCtx.newPage();
    await Promise.all([signIn(bidder, alice.email), signIn(watcher, bob.email)]);

    await Promise.all([bidder.goto(`${e2e.server.url}/item/${itemId}`), watcher.goto(`${e2e.server.url}/item/${itemId}`)]);
    await expect.poll(() => watcher.getByTestId('current-price').first().textContent()).toContain('MK 1,000,000');
    const watcherUrl = watcher.url();
    // Let both pages join the item room before bidding.
    await bidder.getByTestId('place-bid-button').waitFor();
    await watcher.getByTestId('place-bid-button').waitFor();
    await bidder.waitForTimeout(300);

    await bid(bidder, '1250000');
    await expect.poll(() => watcher.getByTestId('current-price').first().textContent(), { timeout: 5000 }).toContain('MK 1,250,000');
    await expect.poll(() => watcher.getByTestId('bid-row').count()).toBe(1);
    expect(await watcher.getByTestId('bid-history').textContent()).toContain('Chikondi Banda');
    await expect.poll(() => bidder.getByTestId('bid-position').textContent()).toBe('Winning');
    expect(watcher.url()).toBe(watcherUrl); // no navigation happened

    await bid(watcher, '1300000');
    await expect.poll(() => bidder.getByTestId('bid-position').textContent(), { timeout: 5000 }).toBe('Outbid');
    await expect.poll(() => bidder.getByTestId('current-price').first().textContent()).toContain('MK 1,300,000');
    await expect.poll(() => watcher.getByTestId('bid-position').textContent()).toBe('Winning');
    await expect.poll(() => bidder.getByTestId('bid-row').count()).toBe(2);

    const stored = await db.selectFrom('bids').select(['bid_amount', 'user_id']).where('item_id', '=', itemId).orderBy('id').execute();
    expect(stored).toEqual([
      { bid_amount: 1_250_000, user_id: alice.id },
      { bid_amount: 1_300_000, user_id: bob.id },
    ]);
    await bidderCtx.close();
    await watcherCtx.close();
  }, 60_000);
});
