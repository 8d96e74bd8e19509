import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();
const day = 86_400_000;

const signIn = (page: Page, email: string) => signInThroughLoginPage(page, e2e.server.url, email);

/** An admin account, signed in on a new 1440 px page. */
async function adminPage(): Promise<Page> {
  const db = e2e.server.database.db;
  const admin = await createCustomer(db, { name: 'Gavel Admin' });
  await grantRole(db, admin.id, 'admin');
  const ctx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await signIn(page, admin.email);
  return page;
}

describe('banner countdowns follow the sale they announce (issue 20 item 4)', () => {
  it('when an operator links an advert to a sale starting in 4 days, then the banner counts to the sale start and its button opens that sale registration', async () => {
    const db = e2e.server.database.db;
    await db.deleteFrom('adverts').execute();
    const saleId = await createAuctionType(db, 'live', 'Live Auction - Lilongwe Property');
    const saleFrom = new Date(Date.now() + 4 * day + 12 * 3600_000);
    await db
      .updateTable('auction_types')
      .set({ date_from: saleFrom, date_to: new Date(saleFrom.getTime() + 8 * 3600_000) })
      .where('id', '=', saleId)
      .execute();
    // The advert runs 8 days: before the link, its countdown shows 8 days (the spec's behaviour).
    await db
      .insertInto('adverts')
      .values({
        description: 'Lilongwe property: plots in Area 47',
        image: null,
        date_from: new Date(Date.now() - day),
        date_to: new Date(Date.now() + 8 * day + 3600_000),
      })
      .execute();

    const visitorCtx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const home = await visitorCtx.newPage();
    await home.goto(`${e2e.server.url}/`);
    const countdown = home.getByTestId('advert-countdown');
    await expect.poll(() => countdown.first().textContent()).toMatch(/^08days/);

    const admin = await adminPage();
    await admin.goto(`${e2e.server.url}/admin/adverts`);
    await admin.getByTestId('advert-card').getByRole('button', { name: 'Edit' }).click();
    await admin.getByTestId('advert-sale-select').click();
    await admin.getByRole('option', { name: /Live Auction - Lilongwe Property/ }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByTestId('advert-sale').getByText('Sale: Live Auction - Lilongwe Property', { exact: false }).waitFor();

    // The open home page hears of the change: it now counts to the sale's start, 4 days away.
    await expect.poll(() => countdown.first().getAttribute('data-counts-to'), { timeout: 5000 }).toBe('starts');
    expect(await countdown.first().textContent()).toMatch(/^Starts in04days/);
    expect(await home.getByTestId('advert-banner').first().getAttribute('href')).toBe(`/register-bid?auction_type_id=${saleId}`);

    // Its button opens the registration with that sale chosen.
    const bidder = await createCustomer(db);
    await signIn(home, bidder.email);
    await home.getByTestId('advert-banner').first().click();
    await home.waitForURL(`${e2e.server.url}/register-bid?auction_type_id=${saleId}`);
    await expect.poll(() => home.getByTestId('auction-select').inputValue()).toMatch(/^Live Auction - Lilongwe Property/);
    await visitorCtx.close();
    await admin.context().close();
  }, 60_000);
});

describe('Terms of sale and Privacy (issue 20 item 5)', () => {
  it('when a visitor follows the footer and the sign-up form, then the pages exist; an operator edit shows to visitors', async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${e2e.server.url}/`);
    await page.getByTestId('site-footer').getByRole('link', { name: 'Terms of sale' }).click();
    await page.waitForURL(`${e2e.server.url}/terms`);
    await page.getByRole('heading', { name: 'Terms of sale', level: 1 }).waitFor();
    await page.getByText("Where a live auction charges a buyer's premium", { exact: false }).waitFor();
    await expect.poll(() => page.title()).toBe('Terms of sale | Gavel');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Privacy' }).click();
    await page.waitForURL(`${e2e.server.url}/privacy`);
    await page.getByRole('heading', { name: 'How long we keep it' }).waitFor();

    await page.goto(`${e2e.server.url}/register`);
    expect(await page.getByTestId('terms-link').getAttribute('href')).toBe('/terms');
    expect(await page.getByTestId('privacy-link').getAttribute('href')).toBe('/privacy');

    const admin = await adminPage();
    await admin.goto(`${e2e.server.url}/admin/pages`);
    const body = admin.getByTestId('page-body-input');
    await expect.poll(() => body.inputValue()).toContain('## Prices and the buyer');
    await body.fill(`${await body.inputValue()}\n\n## Viewing days\nLots can be viewed on the two working days before each auction.`);
    await admin.getByTestId('page-save').click();
    await admin.getByText('Terms of sale saved').waitFor();

    await page.goto(`${e2e.server.url}/terms`);
    await page.getByRole('heading', { name: 'Viewing days' }).waitFor();
    await ctx.close();
    await admin.context().close();
  }, 60_000);
});

describe('bidder names masked by an operator setting (issue 20 item 8)', () => {
  it('when an operator turns masking on, then a guest sees initials and a bidder number, the bidder their own name', async () => {
    const db = e2e.server.database.db;
    const itemId = await createItem(db, { name: 'Toyota Corolla 2012', target_amount: 100_000 });
    const chikondi = await createCustomer(db, { name: 'Chikondi Banda' });
    const thoko = await createCustomer(db, { name: 'Thoko Mwale' });
    for (const [i, b] of [
      [chikondi.id, 110_000],
      [thoko.id, 120_000],
    ].entries()) {
      await db
        .insertInto('bids')
        .values({ item_id: itemId, user_id: b[0], bid_amount: b[1], created_at: new Date(Date.now() - (3 - i) * 60_000) })
        .execute();
    }
    const guestCtx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestCtx.newPage();
    await guest.goto(`${e2e.server.url}/item/${itemId}`);
    const names = guest.getByTestId('bid-bidder');
    await expect.poll(() => names.allTextContents()).toEqual(['Thoko Mwale', 'Chikondi Banda']);

    const admin = await adminPage();
    await admin.goto(`${e2e.server.url}/admin/settings`);
    const masking = admin.getByTestId('mask-bidder-names');
    await expect.poll(() => masking.isEnabled()).toBe(true);
    await masking.click({ force: true });
    await admin.getByText('Bidder names are now masked to other visitors').waitFor();
    await expect.poll(() => masking.isChecked()).toBe(true);

    await guest.reload();
    await expect.poll(() => names.allTextContents()).toEqual(['T••••• M. (Bidder 2)', 'C••••• B. (Bidder 1)']);

    const bidderCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const bidder = await bidderCtx.newPage();
    await signIn(bidder, chikondi.email);
    await bidder.goto(`${e2e.server.url}/item/${itemId}`);
    // The bidder's own row may carry a "(you)" marker after the name.
    await expect.poll(() => bidder.getByTestId('bid-bidder').allTextContents()).toEqual(['T••••• M. (Bidder 2)', expect.stringMatching(/^Chikondi Banda/)]);

    await masking.click({ force: true });
    await admin.getByText('Bidder names are now shown in full').waitFor();
    await guestCtx.close();
    await bidderCtx.close();
    await admin.context().close();
  }, 60_000);
});
