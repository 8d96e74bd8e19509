import { describe, expect, it } from 'vitest';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem, grantRole, insertTestOrder } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe("the operator's home at /admin (issue 13)", () => {
  it('when an operator opens /admin, then the figures and the bids-per-minute chart show what the database holds, and follow new bids', async () => {
    const db = e2e.server.database.db;
    // What an earlier attempt left (this file's database holds nothing else) is taken out of the figures.
    await db.updateTable('items').set({ status: 'withdrawn' }).execute();
    await db.updateTable('orders').set({ status: 'cancelled' }).where('status', '=', 'awaiting_payment').execute();
    const operator = await createCustomer(db, { name: 'Thandiwe Phiri' });
    await grantRole(db, operator.id, 'admin');
    const bidders = [await createCustomer(db), await createCustomer(db)];
    const lot = await createItem(db, { target_amount: 999 });
    await createItem(db, { target_amount: 999 });
    await new TestClient(e2e.server.url, bidders[0].token).post('/ajax-bid', { item_id: lot, amount: 1000 });
    const order = await insertTestOrder(db, {
      user_id: bidders[1].id,
      source: 'auction',
      status: 'awaiting_payment',
      sub_total: 1_250_000,
      amount_total: 1_250_000,
    });

    for (const width of [1440, 800, 390]) {
      const ctx = await e2e.browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await signInThroughLoginPage(page, e2e.server.url, operator.email);
      await page.goto(`${e2e.server.url}/admin`);
      await page.getByRole('heading', { name: 'Today at Gavel' }).waitFor();
      expect(await page.getByTestId('home-open-lots').textContent()).toBe('2');
      if (width === 1440) {
        expect(await page.getByTestId('home-unpaid').textContent()).toBe('1');
        await page.getByText('MK 1,250,000 awaiting payment').waitFor();
      }
      expect(await page.getByTestId('home-failed-jobs').textContent()).toBe('0');
      expect(await page.getByTestId('bids-chart').locator('rect[data-bids]').count()).toBe(61);
      await shot(page, 'admin-home');
      if (width === 1440) {
        const before = Number(await page.getByTestId('home-bids-hour').textContent());
        await new TestClient(e2e.server.url, bidders[1].token).post('/ajax-bid', { item_id: lot, amount: 1001 });
        // The tab coming back into view reads the figures again (as the 30 s poll does).
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        await expect.poll(() => page.getByTestId('home-bids-hour').textContent()).toBe(String(before + 1));
        // An order paid elsewhere (another operator's screen): the home hears it through the orders room, live.
        const paid = await new TestClient(e2e.server.url, operator.token).post(`/api/admin/orders/${order.id}/payment-received`, { method: 'cash' });
        expect(paid.status).toBe(200);
        await expect.poll(() => page.getByTestId('home-unpaid').textContent(), { timeout: 10_000 }).toBe('0');
      }
      await ctx.close();
    }
  }, 90_000);
});
