import { describe, expect, it } from 'vitest';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('the bid form applies the bid limits before and after sending', () => {
  it('when the amount typed is above 10 times the minimum, then the form warns and sends nothing; when the leader bids again, then it shows the server refusal', async () => {
    const db = e2e.server.database.db;
    const itemId = await createItem(db, { name: 'Toyota Hilux 2.8 GD-6 (BT 4521)', target_amount: 2000 });
    const bidder = await createCustomer(db, { name: 'Chikondi Banda' });
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/ajax-bid')) sent.push(r.postData() ?? '');
    });
    await signInThroughLoginPage(page, e2e.server.url, bidder.email);
    await page.goto(`${e2e.server.url}/item/${itemId}`);
    const input = page.getByTestId('bid-amount-input');
    const button = page.getByTestId('place-bid-button');
    await input.waitFor();

    await input.fill('999999999999');
    const warning = 'Your bid of MK 999,999,999,999 is more than 10 times the minimum next bid of MK 2,001. Check the amount.';
    await page.getByText(warning).waitFor();
    expect(await input.inputValue()).toBe('999,999,999,999');
    expect(await button.isDisabled()).toBe(true);
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);

    // At the ceiling the warning goes and the bid is accepted.
    await input.fill('20010');
    await expect.poll(() => page.getByText(warning).count()).toBe(0);
    await button.click();
    await expect.poll(() => page.getByTestId('bid-position').textContent(), { timeout: 5000 }).toBe('Winning');
    expect(sent).toHaveLength(1);

    // The leader bids again: the server refuses and the form shows its text.
    await input.fill('20011');
    await button.click();
    await expect.poll(() => page.getByTestId('bid-refusal').textContent(), { timeout: 5000 }).toBe('You are already the highest bidder.');
    expect(sent).toHaveLength(2);
    const stored = await db.selectFrom('bids').select(['user_id', 'bid_amount']).where('item_id', '=', itemId).execute();
    expect(stored).toEqual([{ user_id: bidder.id, bid_amount: 20_010 }]);
    await ctx.close();
  });
});
