import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createAuctionType, createCustomer, createItem } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

let cashType: number;

beforeAll(async () => {
  cashType = await createAuctionType(e2e.server.database.db, 'cash', 'Daily Sale');
});

/** Puts a fresh daily-sale item in the signed-in customer's cart and opens /checkout. */
async function openCheckoutWithItem(page: Page, name: string): Promise<void> {
  const item = await createItem(e2e.server.database.db, { auction_type_id: cashType, name, target_amount: 65_000, date_to: null });
  await page.goto(`${e2e.server.url}/item/${item}`);
  await page.getByTestId('add-to-cart-button').click();
  await page.getByTestId('in-cart-notice').waitFor();
  await page.goto(`${e2e.server.url}/checkout`);
  await page.getByTestId('step-title').waitFor();
}

/** Chooses `option` in the Mantine select with `testId`. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The billing step's values as the buyer sees them. */
async function billingStep(page: Page) {
  const other = page.getByTestId('other-district');
  return {
    address: await page.getByTestId('address').inputValue(),
    region: await page.getByTestId('region').inputValue(),
    district: await page.getByTestId('district').inputValue(),
    other: (await other.count()) ? await other.inputValue() : null,
    postalCode: await page.getByTestId('postal-code').inputValue(),
  };
}

/** The stored billing address, read back through `GET /api/me/billing-address` with the customer's token. */
async function storedAddress(token: string) {
  return (await new TestClient(e2e.server.url, token).get('/api/me/billing-address')).body.data;
}

describe('signed-in billing address: checkout prefill and profile edit (spec/shopping.md §4 Checkout wizard; accounts-and-shell.md §2 Billing Address card)', () => {
  it('when a customer with a saved billing address checks out, then customer and billing steps are prefilled from the server, and the changed billing step is saved back to the profile', async () => {
    const db = e2e.server.database.db;
    const me = await createCustomer(db, { name: 'Chikondi Banda' });
    const saved = await new TestClient(e2e.server.url, me.token).post('/api/me/billing-address', {
      address1: 'House 14, Namiwawa Road',
      town: 'Southern',
      state: 'Blantyre',
      zip: '301',
      country: 'Malawi',
      email: 'billing@example.mw',
      phone: '',
    });
    expect(saved.status).toBe(200);

    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, me.email);
    await openCheckoutWithItem(page, 'Teak coffee table');

    // Customer step: from the signed-in profile (name split in two, email, phone).
    await expect.poll(() => page.getByTestId('first-name').inputValue(), { timeout: 10_000 }).toBe('Chikondi');
    expect(await page.getByTestId('last-name').inputValue()).toBe('Banda');
    expect(await page.getByTestId('email').inputValue()).toBe(me.email);
    expect(await page.getByTestId('phone').inputValue()).toBe('0888123456');
    await page.getByTestId('step-continue').click();

    // Billing step: from GET /api/me/billing-address.
    await expect.poll(() => page.getByTestId('step-title').textContent()).toBe('Billing Address');
    await expect
      .poll(() => billingStep(page), { timeout: 10_000 })
      .toEqual({ address: 'House 14, Namiwawa Road', region: 'Southern', district: 'Blantyre', other: null, postalCode: '301' });

    // Change it and save the step: the server holds the new address (email kept), still one row.
    await page.getByTestId('address').fill('Plot 7, Area 47');
    await choose(page, 'region', 'Central');
    await choose(page, 'district', 'Lilongwe');
    await page.getByTestId('postal-code').fill('');
    await page.getByTestId('step-continue').click();
    await expect.poll(() => page.getByTestId('step-title').textContent(), { timeout: 10_000 }).toBe('Payment Method');
    await expect
      .poll(() => storedAddress(me.token), { timeout: 10_000 })
      .toMatchObject({ address1: 'Plot 7, Area 47', town: 'Central', state: 'Lilongwe', zip: '00000', country: 'Malawi', email: 'billing@example.mw' });
    expect(await db.selectFrom('billing_addresses').select('id').where('user_id', '=', me.id).execute()).toHaveLength(1);

    // The profile's Billing Address card shows what checkout saved.
    await page.goto(`${e2e.server.url}/spa/profile`);
    const view = page.getByTestId('billing-address-view');
    await expect.poll(() => view.textContent(), { timeout: 10_000 }).toContain('Plot 7, Area 47');
    expect(await view.textContent()).toContain('Lilongwe, Central Region');
    await ctx.close();
  }, 90_000);

  it('when a customer adds the address on the profile, then refusals show the checkout texts, the saved card shows it without a reload, and checkout prefills it', async () => {
    const db = e2e.server.database.db;
    const me = await createCustomer(db, { name: 'Tiwonge Nyirenda' });
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, me.email);
    await page.goto(`${e2e.server.url}/spa/profile`);
    const card = page.getByTestId('billing-address');
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('No billing address on file');

    // Saving an empty form: the checkout's texts under the fields, nothing stored.
    await card.getByRole('button', { name: 'Add billing address' }).click();
    await card.getByTestId('billing-address-save').click();
    for (const text of ['Street address is required', 'Region is required', 'State is required']) await card.getByText(text, { exact: true }).waitFor();
    expect(await storedAddress(me.token)).toBeNull();

    // A typed district under 'Other (please specify)'; the page must not reload.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
    await page.getByTestId('address').fill('Katoto, off M1 Road');
    await choose(page, 'region', 'Northern');
    await choose(page, 'district', 'Other (please specify)');
    await card.getByTestId('billing-address-save').click();
    await card.getByText('State is required', { exact: true }).waitFor();
    await page.getByTestId('other-district').fill('Mzuzu City');
    await page.getByTestId('postal-code').fill('105');
    await card.getByTestId('billing-address-save').click();

    const view = page.getByTestId('billing-address-view');
    await view.waitFor({ timeout: 10_000 });
    expect(await view.textContent()).toContain('Katoto, off M1 Road');
    expect(await view.textContent()).toContain('Mzuzu City, Northern Region');
    expect(await view.textContent()).toContain('105 Malawi');
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    expect(await storedAddress(me.token)).toMatchObject({
      address1: 'Katoto, off M1 Road',
      town: 'Northern',
      state: 'Mzuzu City',
      zip: '105',
      country: 'Malawi',
    });

    // Reopening the form shows the stored values; Cancel leaves the card as it was.
    await card.getByRole('button', { name: 'Edit billing address' }).click();
    expect(await billingStep(page)).toEqual({
      address: 'Katoto, off M1 Road',
      region: 'Northern',
      district: 'Other (please specify)',
      other: 'Mzuzu City',
      postalCode: '105',
    });
    await page.getByTestId('address').fill('changed but cancelled');
    await card.getByRole('button', { name: 'Cancel' }).click();
    expect(await view.textContent()).toContain('Katoto, off M1 Road');

    // Checkout's billing step shows the profile's address.
    await openCheckoutWithItem(page, 'Brass floor lamp');
    await expect.poll(() => page.getByTestId('first-name').inputValue(), { timeout: 10_000 }).toBe('Tiwonge');
    await page.getByTestId('step-continue').click();
    await expect.poll(() => page.getByTestId('step-title').textContent()).toContain('Billing Address');
    await expect
      .poll(() => billingStep(page), { timeout: 10_000 })
      .toEqual({ address: 'Katoto, off M1 Road', region: 'Northern', district: 'Other (please specify)', other: 'Mzuzu City', postalCode: '105' });
    await ctx.close();
  }, 90_000);
});
