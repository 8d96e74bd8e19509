import { describe, expect, it } from 'vitest';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

const SUSPENDED = 'Your bidding has been suspended. Please contact us.';

describe('an operator blocks a bidder and sets a spending limit from the browser (issue 13 "Bidders")', () => {
  it("when an operator finds a bidder and blocks them with a reason, then the bidder's next bid shows the suspended message; unblocked with a limit, an over-limit bid names the limit", async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Thandiwe Phiri' });
    await grantRole(db, operator.id, 'admin');
    // Names of their own per attempt: a retried attempt finds the earlier attempt's bidder in the list too.
    const attempt = Date.now().toString(36);
    const bidderName = `Kondwani Mwale ${attempt}`;
    const bidder = await createCustomer(db, { name: bidderName });
    const led = await createItem(db, { name: 'Toyota Hilux 2.8 GD-6', target_amount: 2_999_999 });
    const itemId = await createItem(db, { name: 'Yamaha generator 5 kVA', target_amount: 399_999 });
    expect((await new TestClient(e2e.server.url, bidder.token).post('/ajax-bid', { item_id: led, amount: 3_000_000 })).status).toBe(200);

    const desk = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await desk.newPage();
    await signInThroughLoginPage(page, e2e.server.url, operator.email);
    await page.goto(`${e2e.server.url}/admin/bidders`);
    await page.getByRole('heading', { name: 'Bidders', exact: true }).waitFor();
    await page.getByTestId('bidder-search').fill(attempt);
    await page.waitForURL(new RegExp(`search=${attempt}`));
    const rows = page.getByTestId('bidder-row');
    await expect.poll(() => rows.count()).toBe(1);
    await shot(page, 'admin-bidders-list');
    await rows.getByTestId('bidder-link').click();
    await page.waitForURL(new RegExp(`/admin/bidders/${bidder.id}$`));
    await page.getByTestId('bidder-name').getByText(bidderName).waitFor();
    await page.getByText('Toyota Hilux 2.8 GD-6').waitFor();
    await shot(page, 'admin-bidder-page');

    // Block, with a reason (none given: the modal says so).
    await page.getByTestId('block-bidder').click();
    await page.getByTestId('confirm-block').click();
    await page.getByText('Please give the reason for blocking (at least 3 characters).').waitFor();
    await page.getByTestId('block-reason').fill('Two unpaid vehicles from the March sale');
    await shot(page, 'admin-bidder-block-modal');
    await page.getByTestId('confirm-block').click();
    await page.getByTestId('blocked-alert').waitFor();
    expect(await page.getByTestId('blocked-alert').textContent()).toContain('Two unpaid vehicles from the March sale');
    await page.getByTestId('badge-blocked').waitFor();
    await shot(page, 'admin-bidder-blocked');

    // The bidder, on a phone, tries to bid.
    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const bidderPage = await phone.newPage();
    await signInThroughLoginPage(bidderPage, e2e.server.url, bidder.email);
    await bidderPage.goto(`${e2e.server.url}/item/${itemId}`);
    const input = bidderPage.getByTestId('bid-amount-input');
    await input.fill('400000');
    await bidderPage.getByTestId('place-bid-button').click();
    await expect.poll(() => bidderPage.getByTestId('bid-refusal').textContent(), { timeout: 5000 }).toBe(SUSPENDED);
    await shot(bidderPage, 'bidder-suspended-bid');
    // Their lead on the Hilux stands.
    expect((await db.selectFrom('items').select('leader_id').where('id', '=', led).executeTakeFirstOrThrow()).leader_id).toBe(bidder.id);

    // Unblocked, with a spending limit of MK 3,200,000 (the Hilux lead counts MK 3,000,000).
    await page.getByTestId('unblock-bidder').click();
    await page.getByText(`${bidderName} may bid again.`).waitFor();
    // The page reads the bidder again after the unblock: fill the limit once that is done.
    await expect.poll(() => page.getByTestId('badge-blocked').count()).toBe(0);
    await page.getByTestId('bid-limit-input').fill('3,200,000');
    await expect.poll(() => page.getByTestId('bid-limit-input').inputValue()).toBe('3,200,000');
    await page.getByTestId('save-bid-limit').click();
    await page.getByText('Spending limit saved.').waitFor();
    await expect.poll(() => page.getByTestId('bidder-committed').textContent()).toBe('MK 3,000,000 of MK 3,200,000');

    await input.fill('400000');
    await bidderPage.getByTestId('place-bid-button').click();
    await expect
      .poll(() => bidderPage.getByTestId('bid-refusal').textContent(), { timeout: 5000 })
      .toBe('This bid would take you over your spending limit of MK 3,200,000. Please contact us.');
    expect(await db.selectFrom('bids').select('id').where('item_id', '=', itemId).execute()).toEqual([]);

    // Every action is in the bidder's history.
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/admin\/audit\?subject_type=user/);
    await page.getByText('Spending limit changed').first().waitFor();
    await page.getByText('Bidder unblocked').first().waitFor();
    await page.getByText('Bidder blocked').first().waitFor();

    // The other widths of the new screens, for looking at them.
    if (process.env.SHOTS_DIR) {
      for (const width of [390, 800]) {
        const ctx = await e2e.browser.newContext({ viewport: { width, height: 900 } });
        const p = await ctx.newPage();
        await signInThroughLoginPage(p, e2e.server.url, operator.email);
        await p.goto(`${e2e.server.url}/admin/bidders`);
        await p
          .getByTestId(width < 992 ? 'bidder-card' : 'bidder-row')
          .first()
          .waitFor();
        await shot(p, 'admin-bidders-list');
        await p.goto(`${e2e.server.url}/admin/bidders/${bidder.id}`);
        await p.getByTestId('bidder-name').waitFor();
        await shot(p, 'admin-bidder-page');
        await p.getByTestId('block-bidder').click();
        await p.getByTestId('block-reason').waitFor();
        await shot(p, 'admin-bidder-block-modal');
        await ctx.close();
      }
    }
    await phone.close();
    await desk.close();
  }, 120_000);
});
