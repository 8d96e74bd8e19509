import { describe, expect, it } from 'vitest';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';

const e2e = setupServerAndBrowser();

describe('a lot page whose network drops (issue 17 "Live updates on a poor connection")', () => {
  it('when the network is cut for 15 s while 3 bids land, then after it comes back the page shows all 3, in order, once, sent again by the server rather than by reading the bids again', async () => {
    const db = e2e.server.database.db;
    const itemId = await createItem(db, { name: `Honda generator 5 kVA ${Date.now().toString(36)}`, target_amount: 350_000 });
    const bidders = [await createCustomer(db, { name: 'Thoko Banda' }), await createCustomer(db, { name: 'Chikondi Phiri' })];
    const bid = (n: number, amount: number) => new TestClient(e2e.server.url, bidders[n % 2].token).post('/ajax-bid', { item_id: itemId, amount });
    expect((await bid(0, 360_000)).status).toBe(200);

    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${e2e.server.url}/item/${itemId}`);
    await expect.poll(() => page.getByTestId('bid-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('live-indicator').first().getAttribute('data-connected')).toBe('true');

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('live-indicator').first().getAttribute('data-connected'), { timeout: 30_000 }).toBe('false');
    for (const [n, amount] of [
      [1, 370_000],
      [0, 380_000],
      [1, 390_000],
    ] as const) {
      expect((await bid(n, amount)).status).toBe(200);
    }
    await page.waitForTimeout(15_000);
    // From here on, reading the bids again would be a refetch, not a replay.
    const bidReads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/open-item\/\d+\/bids/.test(r.url())) bidReads.push(r.url());
    });
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('live-indicator').first().getAttribute('data-connected'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => page.getByTestId('bid-row').count(), { timeout: 20_000 }).toBe(4);
    expect(await page.getByTestId('bid-row-amount').allTextContents()).toEqual(['MK 390,000', 'MK 380,000', 'MK 370,000', 'MK 360,000']);
    await expect.poll(() => page.getByTestId('current-price').first().textContent()).toContain('390,000');
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('bid-row').count()).toBe(4);
    expect(bidReads).toEqual([]);
    await shot(page, 'item-after-reconnect');
    await context.close();
  }, 120_000);
});
