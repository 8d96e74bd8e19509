import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages.js';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createItem } from '../helpers/factories.js';

const e2e = setupServerAndBrowser();
const H = 3600_000;

describe('the bid button follows the shared bid rule (spec/shopping.md §4 "Bid button", §8)', () => {
  it('when a lot has not started, then its card offers Watch instead of Place Bid and its page shows the refusal on a disabled button', async () => {
    const db = e2e.server.database.db;
    const open = await createItem(db, { name: 'Toyota Hilux 2.8 GD-6 (BT 4521)' });
    const upcoming = await createItem(db, {
      name: 'Massey Ferguson 375 tractor',
      date_from: new Date(Date.now() + 2 * H),
      date_to: new Date(Date.now() + 30 * H),
    });
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();

    await page.goto(`${e2e.server.url}/`);
    const openCard = page.locator(`[data-testid="item-card"][data-item-id="${open}"]`);
    const upcomingCard = page.locator(`[data-testid="item-card"][data-item-id="${upcoming}"]`);
    await upcomingCard.waitFor();
    await openCard.getByRole('link', { name: 'Place Bid' }).waitFor();
    expect(await upcomingCard.getByText('Place Bid').count()).toBe(0);
    expect((await upcomingCard.getByTestId('watch-button').innerText()).trim()).toBe('Watch');
    expect(await upcomingCard.getByTestId('watch-button').count()).toBe(1);

    await page.goto(`${e2e.server.url}/item/${upcoming}`);
    const button = page.getByTestId('place-bid-button');
    await page.getByTestId('bid-not-started').waitFor();
    expect((await button.innerText()).trim()).toBe(MESSAGES.auctionNotStarted);
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('bid-amount-input').count()).toBe(0);
    expect((await page.getByTestId('timing-badge').innerText()).trim().toLowerCase()).toBe('upcoming');
    await ctx.close();
  });

  it('when a lot is withdrawn while its window is open, then its page offers no bidding and says the auction has ended', async () => {
    const db = e2e.server.database.db;
    const withdrawn = await createItem(db, { name: 'Defy 5-plate gas stove', status: 'withdrawn' });
    const ctx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${e2e.server.url}/item/${withdrawn}`);
    await page.getByTestId('bid-closed').waitFor();
    expect((await page.getByTestId('bid-closed').innerText()).trim()).toBe(MESSAGES.auctionEnded);
    expect((await page.getByTestId('place-bid-button').innerText()).trim()).toBe('Auction Ended');
    expect(await page.getByTestId('place-bid-button').isDisabled()).toBe(true);
    expect(await page.getByTestId('min-next-bid').count()).toBe(0);
    await ctx.close();
  });
  it('when a lot opens while its page is open, then the page offers Place Bid within seconds, without a reload', async () => {
    const db = e2e.server.database.db;
    const opening = await createItem(db, {
      name: 'Yamaha YBR 125 motorcycle (MZ 2231)',
      date_from: new Date(Date.now() + 15_000),
      date_to: new Date(Date.now() + 30 * H),
    });
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${e2e.server.url}/item/${opening}`);
    await page.getByTestId('bid-not-started').waitFor();
    expect((await page.getByTestId('timing-badge').innerText()).trim().toLowerCase()).toBe('upcoming');
    // Nothing is sent to the page at the opening: its own clock must notice it (the page draws its
    // standing every second only near such a change, every 30 s otherwise).
    await page.getByTestId('bid-amount-input').waitFor({ timeout: 25_000 });
    expect((await page.getByTestId('place-bid-button').innerText()).trim()).toBe('Place Bid');
    expect(await page.getByTestId('bid-not-started').count()).toBe(0);
    expect(await page.getByText('Time left', { exact: true }).count()).toBe(1);
    await ctx.close();
  }, 60_000);
});
