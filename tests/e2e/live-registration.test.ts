import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';
import { createAdvert, createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';

const e2e = setupServerAndBrowser();

const signIn = (page: Page, email: string) => signInThroughLoginPage(page, e2e.server.url, email);

describe('live auctions end to end (spec/shopping.md §4 "Bid registration")', () => {
  it('when a customer registers a deposit reference and an admin approves it elsewhere, then the open live item page unlocks bidding without reload', async () => {
    const db = e2e.server.database.db;
    const typeId = await createAuctionType(db, 'live', 'Live Auction - Blantyre Monthly');
    const itemId = await createItem(db, { name: 'Isuzu KB 250 (repossessed)', auction_type_id: typeId, target_amount: 6_500_000 });
    const customer = await createCustomer(db, { name: 'Kondwani Mwale' });
    const adminUser = await createCustomer(db, { name: 'Gavel Admin' });
    await grantRole(db, adminUser.id, 'admin');

    const customerCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const adminCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const itemPage = await customerCtx.newPage();
    const admin = await adminCtx.newPage();
    await Promise.all([signIn(itemPage, customer.email), signIn(admin, adminUser.email)]);

    await itemPage.goto(`${e2e.server.url}/item/${itemId}`);
    await itemPage.getByTestId('subscription-required').waitFor();
    const url = itemPage.url();

    const form = await customerCtx.newPage();
    await form.goto(`${e2e.server.url}/register-bid`);
    await form.getByTestId('reference-input').fill('NBM-2026-778899');
    await form.getByTestId('auction-select').click();
    await form.getByRole('option', { name: /Live Auction - Blantyre Monthly/ }).click();
    await form.getByTestId('terms-checkbox').check();
    const submit = form.getByTestId('register-bid-submit');
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();
    await form.getByTestId('register-bid-success').waitFor();
    await form.waitForURL(`${e2e.server.url}/shop`, { timeout: 5000 });

    await admin.goto(`${e2e.server.url}/admin/registrations`);
    const row = admin.getByTestId('registration-row').filter({ hasText: 'NBM-2026-778899' });
    await row.getByRole('button', { name: 'Approve' }).click();

    // The bid button is always rendered (disabled while blocked): wait for the notice to go instead.
    await expect.poll(() => itemPage.getByTestId('subscription-required').count(), { timeout: 5000 }).toBe(0);
    expect(itemPage.url()).toBe(url);
    await itemPage.getByTestId('bid-amount-input').fill('6600000');
    await itemPage.getByTestId('place-bid-button').click();
    await expect.poll(() => itemPage.getByTestId('current-price').first().textContent()).toContain('MK 6,600,000');
    await customerCtx.close();
    await adminCtx.close();
  }, 60_000);

  it('when an admin ends an advert, then it disappears from an open home page', async () => {
    const db = e2e.server.database.db;
    await db.deleteFrom('adverts').execute();
    await createAdvert(db, { description: 'Lilongwe property auction: register now' });
    const adminUser = await createCustomer(db);
    await grantRole(db, adminUser.id, 'admin');

    const visitorCtx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const adminCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const home = await visitorCtx.newPage();
    const admin = await adminCtx.newPage();
    await home.goto(`${e2e.server.url}/`);
    await home.getByText('Lilongwe property auction: register now').waitFor();
    await signIn(admin, adminUser.email);
    await admin.goto(`${e2e.server.url}/admin/adverts`);
    await admin.getByTestId('end-advert').click();
    await expect.poll(() => home.getByText('Lilongwe property auction: register now').count(), { timeout: 5000 }).toBe(0);
    await visitorCtx.close();
    await adminCtx.close();
  });
});
