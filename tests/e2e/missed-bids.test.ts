import { describe, expect, it } from 'vitest';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';

const e2e = setupServerAndBrowser();

/**
 * An online sale that opened an hour ago and closes in 90 minutes (lot N a minute after lot N-1),
 * published with a lot of each name (MK 50,000 starting price); `operator` names the operator who
 * runs it. Answers the sale, its lots and the operator's client.
 */
async function openOnlineSale(operator: string, saleName: string, lotNames: string[]) {
  const db = e2e.server.database.db;
  const staff = await createCustomer(db, { name: operator });
  await grantRole(db, staff.id, 'admin');
  const admin = new TestClient(e2e.server.url, staff.token);
  const sale = await admin.post('/api/admin/sales', {
    name: saleName,
    kind: 'online',
    date_from: new Date(Date.now() - 3600_000).toISOString(),
    date_to: new Date(Date.now() + 90 * 60_000).toISOString(),
    stagger_seconds: 60,
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  const saleId = sale.body.data.id as number;
  const lots: number[] = [];
  for (const name of lotNames) lots.push(await createItem(db, { auction_type_id: saleId, name, target_amount: 50_000 }));
  expect((await admin.post(`/api/admin/sales/${saleId}/publish`, {})).status).toBe(200);
  return { saleId, lots, admin };
}

/** A phone's page whose live connection is held back (a slow network opening it late) until `release()`. */
async function pageWithConnectionHeld() {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await opened;
    ws.connectToServer();
  });
  await page.route(/\/socket\.io\//, async (route) => {
    await opened;
    await route.continue();
  });
  return { context, page, release };
}

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

  it('when a sale catalogue is read before its live connection opens, and meanwhile the sale is rescheduled and a lot is bid on, then once connected every lot shows its new close and the bid without reading the page again', async () => {
    const db = e2e.server.database.db;
    const { saleId, lots, admin } = await openOnlineSale('Thandiwe Phiri', 'Estate sale, Zomba', [
      'Sofa, 3 seater',
      'Dining table',
      'Chest freezer',
      'Bicycle',
    ]);
    const { context, page, release } = await pageWithConnectionHeld();
    await page.goto(`${e2e.server.url}/auctions/${saleId}`);
    const cards = page.getByTestId('catalogue-lot');
    await expect.poll(() => cards.count()).toBe(4);
    const hours = async () => (await cards.getByTestId('catalogue-lot-countdown').allTextContents()).map((t) => Number(/(\d+)h/.exec(t)?.[1] ?? 0));
    expect(await hours()).toEqual([1, 1, 1, 1]);

    // Meanwhile: the end moves 5 hours later, and the freezer gets a bid.
    expect((await admin.patch(`/api/admin/sales/${saleId}`, { date_to: new Date(Date.now() + 390 * 60_000).toISOString() })).status).toBe(200);
    const bidder = await createCustomer(db, { name: 'Kondwani Mwale' });
    expect((await new TestClient(e2e.server.url, bidder.token).post('/ajax-bid', { item_id: lots[2], amount: 55_000 })).status).toBe(200);
    const lotReads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/sales\/\d+\/lots/.test(r.url())) lotReads.push(r.url());
    });
    expect(await hours()).toEqual([1, 1, 1, 1]);

    release();
    await expect.poll(hours, { timeout: 15_000 }).toEqual([6, 6, 6, 6]);
    await expect.poll(() => cards.nth(2).getByTestId('catalogue-lot-price').textContent()).toBe('MK 55,000');
    expect(lotReads).toEqual([]);
    await context.close();
  }, 120_000);

  it('when a lot page is read before its live connection opens, and meanwhile its sale is rescheduled and the lot is bid on, then once connected it shows the new close and the bid, having read the lot once', async () => {
    const db = e2e.server.database.db;
    const { saleId, lots, admin } = await openOnlineSale('Mphatso Gondwe', 'Farm equipment, Kasungu', ['Maize sheller, hand-pushed']);
    const lotId = lots[0];
    const { context, page, release } = await pageWithConnectionHeld();
    const lotReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/ajax-item/${lotId}`) lotReads.push(r.url());
    });
    await page.goto(`${e2e.server.url}/item/${lotId}`);
    const hours = async () => Number(/(\d+)h/.exec((await page.getByTestId('time-left').first().textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(hours).toBe(1);

    // Meanwhile: the end moves 5 hours later, and the lot gets a bid.
    expect((await admin.patch(`/api/admin/sales/${saleId}`, { date_to: new Date(Date.now() + 390 * 60_000).toISOString() })).status).toBe(200);
    const bidder = await createCustomer(db, { name: 'Limbani Chirwa' });
    expect((await new TestClient(e2e.server.url, bidder.token).post('/ajax-bid', { item_id: lotId, amount: 55_000 })).status).toBe(200);
    expect(await hours()).toBe(1);

    release();
    await expect.poll(() => page.getByTestId('live-indicator').first().getAttribute('data-connected'), { timeout: 15_000 }).toBe('true');
    await expect.poll(hours, { timeout: 15_000 }).toBe(6);
    await expect.poll(() => page.getByTestId('current-price').first().textContent()).toContain('55,000');
    await expect.poll(() => page.getByTestId('bid-row').count()).toBe(1);
    await page.waitForTimeout(1000);
    // One read: the page's own (announced in its HTML); the server sent what changed after it.
    expect(lotReads).toHaveLength(1);
    await context.close();
  }, 120_000);
});
