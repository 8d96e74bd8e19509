import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sellLotTo } from '../helpers/auctions.js';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

// The notifier on its schedule, as in the embedded default (grace shortened so the test is quick).
const e2e = setupServerAndBrowser({ env: { NOTIFY_INTERVAL_MS: '200', NOTIFY_GRACE_MS: '200' } });

describe('the notification bell, in Chromium (issue 16)', () => {
  it('when a bidder is outbid while on another page, then the bell counts 1 live, the list links to the lot, and opening it marks it read', async () => {
    const db = e2e.server.database.db;
    const itemId = await createItem(db, { name: 'Massey Ferguson 375 tractor', target_amount: 1_000_000 });
    const alice = await createCustomer(db, { name: 'Chikondi Banda' });
    const bob = await createCustomer(db, { name: 'Thoko Phiri' });
    expect((await new TestClient(e2e.server.url, alice.token).post('/ajax-bid', { item_id: itemId, amount: 1_050_000 })).status).toBe(200);

    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(10_000);
    await signInThroughLoginPage(page, e2e.server.url, alice.email);
    await page.goto(`${e2e.server.url}/about`);
    await page.getByTestId('nav-notifications').waitFor();
    expect(await page.getByTestId('nav-notifications-count').count()).toBe(0);

    expect((await new TestClient(e2e.server.url, bob.token).post('/ajax-bid', { item_id: itemId, amount: 1_200_000 })).status).toBe(200);
    await expect.poll(() => page.getByTestId('nav-notifications-count').textContent(), { timeout: 8000 }).toBe('1');
    expect(await page.getByTestId('nav-notifications').getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await page.getByTestId('nav-notifications').click();
    const row = page.getByTestId('notification-row');
    await row.waitFor();
    expect(await row.textContent()).toContain('Outbid on Massey Ferguson 375 tractor');
    expect(await row.textContent()).toContain('MK 1,200,000');
    await row.click();
    await page.waitForURL(`${e2e.server.url}/item/${itemId}`);
    await expect.poll(() => page.getByTestId('nav-notifications-count').count()).toBe(0);
    const stored = await db.selectFrom('notifications').select(['read_at']).where('user_id', '=', alice.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].read_at).not.toBeNull();
    await ctx.close();
  });

  it('when a winner is told by e-mail without a mail server, then an operator on a phone reads the mail in the outbox', async () => {
    const db = e2e.server.database.db;
    const winner = await createCustomer(db, { name: 'Mphatso Gondwe' });
    const admin = await createCustomer(db, { name: 'Yard Clerk' });
    await grantRole(db, admin.id, 'admin');
    await sellLotTo(e2e.server, winner, { name: 'Yamaha generator 5 kVA', target: 100_000, amount: 150_000 });
    await expect
      .poll(async () => (await db.selectFrom('message_outbox').select('id').where('recipient', '=', winner.email).execute()).length, { timeout: 8000 })
      .toBe(1);

    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(10_000);
    await signInThroughLoginPage(page, e2e.server.url, admin.email);
    await page.goto(`${e2e.server.url}/admin/outbox`);
    const message = page.getByTestId('outbox-message').filter({ hasText: winner.email });
    await message.waitFor();
    expect(await message.textContent()).toContain('You won Yamaha generator 5 kVA');
    await message.getByRole('button', { name: 'Show all' }).click();
    expect(await message.textContent()).toContain('Dear Mphatso Gondwe');
    expect(await message.textContent()).toContain('Stop these e-mails: http');
    await ctx.close();
  });
  it('when a bidder saves a search on the listing and an operator publishes a sale with a matching lot, then the bidder’s bell counts 1 and links to the lot; the profile lists the search with its match', async () => {
    const db = e2e.server.database.db;
    const word = `nyala${randomBytes(3).toString('hex')}`;
    const bidder = await createCustomer(db, { name: 'Tamanda Mwale' });
    const operator = await createCustomer(db, { name: 'Sale Clerk' });
    await grantRole(db, operator.id, 'admin');
    const sale = await new TestClient(e2e.server.url, operator.token).post('/api/admin/sales', {
      name: `Plant sale ${word}`,
      kind: 'online',
      date_from: new Date(Date.now() - 3600_000).toISOString(),
      date_to: new Date(Date.now() + 48 * 3600_000).toISOString(),
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const saleId = sale.body.data.id as number;
    const lotId = await createItem(db, { auction_type_id: saleId, name: `John Deere ${word} tractor`, target_amount: 9_000_000 });
    await createItem(db, { auction_type_id: saleId, name: 'Disc harrow', target_amount: 400_000 });

    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(10_000);
    await signInThroughLoginPage(page, e2e.server.url, bidder.email);
    await page.goto(`${e2e.server.url}/?search=${word}`);
    await page.getByTestId('save-search').click();
    expect(await page.getByTestId('saved-search-name').inputValue()).toBe(`“${word}”`);
    await page.getByTestId('saved-search-name').fill('Tractors');
    await page.getByTestId('saved-search-submit').click();
    await page.getByText('Search saved.', { exact: false }).waitFor();

    // The operator publishes the sale in the back office (a second browser).
    const opCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const opPage = await opCtx.newPage();
    opPage.setDefaultTimeout(10_000);
    await signInThroughLoginPage(opPage, e2e.server.url, operator.email);
    await opPage.goto(`${e2e.server.url}/admin/sales/${saleId}`);
    await opPage.getByTestId('publish-sale').click();
    await opPage.getByTestId('confirm-publish').click();
    await opPage.getByTestId('publish-sale').waitFor({ state: 'detached' });

    await expect.poll(() => page.getByTestId('nav-notifications-count').textContent(), { timeout: 8000 }).toBe('1');
    await page.getByTestId('nav-notifications').click();
    const row = page.getByTestId('notification-row');
    await row.waitFor();
    expect(await row.textContent()).toContain(`New lot for you: John Deere ${word} tractor`);
    expect(await row.textContent()).toContain('“Tractors”');
    await row.click();
    await page.waitForURL(`${e2e.server.url}/item/${lotId}`);

    await page.goto(`${e2e.server.url}/profile#saved-searches`);
    const saved = page.getByTestId('saved-search-row');
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Tractors');
    expect(await saved.textContent()).toContain('1 match');
    await saved.getByRole('link', { name: 'Run' }).click();
    await page.waitForURL(`${e2e.server.url}/?search=${word}`);
    await opCtx.close();
    await ctx.close();
  }, 90_000);
});
