import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

/** The text of a test id on a page, trimmed ('' when absent). */
const text = async (page: Page, testId: string) =>
  (
    (await page
      .getByTestId(testId)
      .first()
      .textContent({ timeout: 2000 })
      .catch(() => '')) ?? ''
  ).trim();

describe('a live auction day, in the room and online at once (issue 15 "Done when")', () => {
  it('when a clerk on a tablet runs three lots (sold to the room, sold online after a fair warning between two racing bidders, passed), then a watcher’s phone follows every step, the online winner is invoiced once, and a bidder cut off for 10 s comes back to the room’s state', async () => {
    const db = e2e.server.database.db;
    const attempt = Date.now().toString(36);
    const saleId = await createAuctionType(db, 'live', `Live Auction - Blantyre Monthly ${attempt}`);
    const lots = [
      await createItem(db, { auction_type_id: saleId, name: `Toyota Hilux 2015 ${attempt}`, target_amount: 9_000_000 }),
      await createItem(db, { auction_type_id: saleId, name: `Massey Ferguson 375 ${attempt}`, target_amount: 4_000_000 }),
      await createItem(db, { auction_type_id: saleId, name: `Office chairs (6) ${attempt}`, target_amount: 60_000 }),
    ];
    await db.insertInto('increment_bands').values({ auction_type_id: saleId, from_amount: 0, increment: 50_000 }).execute();
    const clerkUser = await createCustomer(db, { name: 'Clerk Tembo' });
    await grantRole(db, clerkUser.id, 'admin');
    const thoko = await createCustomer(db, { name: 'Thoko Banda' });
    const chikondi = await createCustomer(db, { name: 'Chikondi Phiri' });
    for (const u of [thoko, chikondi]) {
      await db
        .insertInto('auction_subscriptions')
        .values({ user_id: u.id, auction_type_id: saleId, reference_number: `NBM-${u.id}`, status: 'active', decline_reason: null, reviewed_by: null })
        .execute();
    }
    const room = `${e2e.server.url}/live/${saleId}`;

    const tablet = await e2e.browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, timezoneId: 'Africa/Blantyre' });
    const clerk = await tablet.newPage();
    clerk.setDefaultTimeout(15_000);
    await signInThroughLoginPage(clerk, e2e.server.url, clerkUser.email);
    await clerk.goto(`${e2e.server.url}/admin/live/${saleId}`);
    await clerk.getByTestId('live-console').waitFor();
    await expect.poll(() => clerk.getByTestId('console-lot-row').count()).toBe(3);

    const watcherContext = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      timezoneId: 'Africa/Blantyre',
    });
    const watcher = await watcherContext.newPage();
    watcher.setDefaultTimeout(15_000);
    await watcher.goto(room);
    await watcher.getByTestId('live-room').waitFor();
    await watcher.getByText('Waiting for the auctioneer to open the first lot').first().waitFor();

    const bidderPage = async (user: { email: string }, width: number) => {
      const context = await e2e.browser.newContext({
        viewport: { width, height: 900 },
        isMobile: width < 500,
        hasTouch: width < 500,
        timezoneId: 'Africa/Blantyre',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await signInThroughLoginPage(page, e2e.server.url, user.email);
      await page.goto(room);
      await page.getByTestId('live-room').waitFor();
      return { context, page };
    };
    const a = await bidderPage(thoko, 390);
    const b = await bidderPage(chikondi, 1440);

    // Lot 1: the room bids with paddle 12 and buys it.
    await clerk.getByTestId('console-open').click();
    await expect.poll(() => text(watcher, 'live-lot-name')).toBe(`Toyota Hilux 2015 ${attempt}`);
    await expect.poll(() => text(watcher, 'live-asking')).toContain('9,050,000');
    await clerk.getByTestId('console-paddle-input').fill('12');
    await clerk.getByTestId('console-floor-bid').click();
    await expect.poll(() => text(watcher, 'live-high-bid')).toContain('9,050,000');
    await expect.poll(() => text(watcher, 'live-high-bidder')).toMatch(/Room/);
    await shot(watcher, 'live-room-lot-open');
    await shot(clerk, 'live-console');
    await clerk.getByTestId('console-sold').click();
    await expect.poll(() => text(watcher, 'live-status-banner')).toMatch(/Sold for MK 9,050,000/);

    // Lot 2: the two online bidders race at the same asking price; one leads, fair warning, sold online.
    await clerk.getByTestId('console-next').click();
    for (const p of [a.page, b.page, watcher]) await expect.poll(() => text(p, 'live-lot-name')).toBe(`Massey Ferguson 375 ${attempt}`);
    await expect.poll(() => a.page.getByTestId('live-bid-button').isEnabled()).toBe(true);
    await expect.poll(() => b.page.getByTestId('live-bid-button').isEnabled()).toBe(true);
    await Promise.all([a.page.getByTestId('live-bid-button').click(), b.page.getByTestId('live-bid-button').click()]);
    await expect.poll(() => text(clerk, 'console-high-bidder')).toMatch(/Online/);
    const positions = async () => [await text(a.page, 'live-position'), await text(b.page, 'live-position')];
    await expect.poll(async () => (await positions()).filter((p) => p === 'Winning').length).toBe(1);
    const aLeads = (await positions())[0] === 'Winning';
    const winner = aLeads ? thoko : chikondi;
    await expect.poll(() => text(clerk, 'console-high-bidder')).toContain(winner.name);
    await shot(a.page, 'live-room-bidder');
    await shot(b.page, 'live-room-bidder');
    await clerk.getByTestId('console-fair-warning').click();
    await expect.poll(() => text(watcher, 'live-status-banner')).toMatch(/Fair warning/);
    await shot(watcher, 'live-room-fair-warning');
    await clerk.getByTestId('console-sold').click();
    await expect.poll(() => text(watcher, 'live-status-banner')).toMatch(/Sold for/);
    await expect.poll(() => text(aLeads ? a.page : b.page, 'live-position')).toBe('Won');
    const invoiceLines = await db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['orders.user_id'])
      .where('order_lines.item_id', '=', lots[1])
      .execute();
    expect(invoiceLines).toEqual([{ user_id: winner.id }]);

    // Lot 3: Thoko's phone loses its connection for 10 s while the lot opens and the room bids; she comes back to it.
    await a.context.setOffline(true);
    await expect.poll(() => a.page.getByTestId('live-connection').getAttribute('data-connected'), { timeout: 30_000 }).toBe('false');
    await clerk.getByTestId('console-next').click();
    await expect.poll(() => text(watcher, 'live-lot-name')).toBe(`Office chairs (6) ${attempt}`);
    await clerk.getByTestId('console-floor-bid').click();
    await expect.poll(() => text(watcher, 'live-high-bid')).toContain('110,000');
    await a.page.waitForTimeout(10_000);
    await a.context.setOffline(false);
    await expect.poll(() => a.page.getByTestId('live-connection').getAttribute('data-connected'), { timeout: 30_000 }).toBe('true');
    await expect.poll(() => text(a.page, 'live-lot-name')).toBe(`Office chairs (6) ${attempt}`);
    await expect.poll(() => text(a.page, 'live-high-bid')).toContain('110,000');
    // The clerk takes the room's bid back and passes the lot.
    await clerk.getByTestId('console-undo').click();
    await expect.poll(() => text(watcher, 'live-high-bid')).not.toContain('110,000');
    await clerk.getByTestId('console-pass').click();
    for (const p of [watcher, a.page]) await expect.poll(() => text(p, 'live-status-banner')).toMatch(/Passed/);
    await shot(watcher, 'live-room-passed');
    await shot(clerk, 'live-console');

    const statuses = await db.selectFrom('items').select(['id', 'status']).where('id', 'in', lots).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['sold', 'sold', 'unsold']);

    if (process.env.SHOTS_DIR) {
      for (const width of [390, 1440]) {
        await watcher.setViewportSize({ width, height: 900 });
        await shot(watcher, 'live-room');
      }
      for (const width of [390, 1440]) {
        await clerk.setViewportSize({ width, height: 900 });
        await shot(clerk, 'live-console');
      }
    }
    for (const c of [tablet, watcherContext, a.context, b.context]) await c.close();
  }, 240_000);
});
