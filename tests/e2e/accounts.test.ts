import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, insertTestOrder } from '../helpers/factories.js';

const e2e = setupServerAndBrowser();

/** Fills the sign-in form of the open modal and submits it once the ALTCHA is solved. */
async function signInThroughModal(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  const submit = dialog.getByRole('button', { name: 'Sign in', exact: true });
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  await submit.click();
  await dialog.getByText('Login successful! Redirecting...').waitFor();
}

describe('accounts end to end in Chromium', () => {
  it('when a visitor registers, signs out, signs in through the modal, edits the profile and opens a receipt, then each step shows what the spec says', async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const email = `amara-${Date.now()}@example.mw`;

    // Register on /register: the ALTCHA solves itself, the account signs in and goes home.
    await page.goto(`${e2e.server.url}/register`);
    await expect.poll(() => page.title()).toBe('Create Account | Gavel');
    await page.getByLabel('First Name').fill('Amara');
    await page.getByLabel('Last Name').fill('Gondwe');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('0888 765 432');
    await page.getByLabel('Password', { exact: true }).fill('kwacha1');
    await page.getByLabel('Confirm Password').fill('kwacha1');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByTestId('human-verification').and(page.locator('[data-state="verified"]')).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByTestId('user-menu').waitFor();
    const user = await e2e.server.database.db.selectFrom('users').select(['id', 'name', 'phone']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Amara Gondwe', phone: '0888 765 432' });

    // Sign out from the account menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    // A guest opening /bid-dashboard is sent to /login with the target, which is remembered.
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    await page.waitForURL(`${e2e.server.url}/login?redirect=%2Fbid-dashboard`);
    await expect.poll(() => page.title()).toBe('Sign In | Gavel');

    // Signing in through the modal from elsewhere returns to the stored redirect.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    // The header may still be re-rendering with the visitor's state: a click it swallowed is repeated.
    const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    const signInDialog = page.getByRole('dialog');
    await expect
      .poll(
        async () => {
          if (!(await signInDialog.isVisible())) await signInButton.click({ timeout: 2_000 }).catch(() => undefined);
          return signInDialog.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await signInDialog.getByRole('heading').first().textContent()).toBe('Welcome to Gavel');
    await signInThroughModal(page, email, 'kwacha1');
    await page.waitForURL(`${e2e.server.url}/bid-dashboard`);
    await expect.poll(() => page.title()).toBe('Bid Dashboard | Gavel');

    // A purchase made earlier shows in the history; its receipt opens and prints.
    const order = await insertTestOrder(e2e.server.database.db, {
      user_id: user.id,
      order_reference: `ORD-E2E-${Date.now()}`,
      status: 'paid',
      payment_reference: 'COD-77',
      sub_total: 450_000,
      customer_name: 'Amara Gondwe',
      customer_email: email,
      customer_phone: '0888 765 432',
      paid_at: new Date(),
    });
    await e2e.server.database.db
      .insertInto('order_lines')
      .values({ order_id: order.id, item_id: null, name: 'Mahogany dining set', quantity: 1, unit_price: 450_000, amount: 450_000 })
      .execute();

    await page.goto(`${e2e.server.url}/spa/profile`);
    await expect.poll(() => page.title()).toBe('My Profile | Gavel');
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('MK 450,000');
    expect(await row.textContent()).toContain('Cash on Delivery');
    await page.getByRole('button', { name: `View order ${order.order_reference}` }).click();
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('Mahogany dining set');
    expect(await receipt.textContent()).toContain('Billed To');
    const [popup] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('button', { name: 'Print' }).click()]);
    await expect.poll(() => popup.locator('body').textContent()).toContain('Mahogany dining set');
    await popup.close();
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    // Edit the profile: Save Changes, the success text, then the page reloads with the new name.
    await page.getByLabel('Full Name').fill('Amara N. Gondwe');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully.').waitFor();
    await page.waitForEvent('load');
    await expect.poll(() => page.getByTestId('profile-card').textContent()).toContain('Amara N. Gondwe');
    await ctx.close();
  }, 60_000);

  it('when a guest opens the dashboard under /spa, then the page stays with the dashboard sign-in modal, and signing in reloads into it', async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    const email = `guest-${Date.now()}@example.mw`;
    await createCustomer(e2e.server.database.db, { email });
    await page.goto(`${e2e.server.url}/spa/bid-dashboard`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toBe('Sign in to access your bid dashboard');
    expect(page.url()).toBe(`${e2e.server.url}/spa/bid-dashboard`);
    await signInThroughModal(page, email, 'password');
    await page.waitForEvent('load');
    await page.getByTestId('active-bids').waitFor();
    expect(page.url()).toBe(`${e2e.server.url}/spa/bid-dashboard`);
    await ctx.close();
  });

  it('when the verification cannot load, then Failed with Retry (3 s × attempt); a retry that works verifies; after 3 retries, Please refresh the page.', async () => {
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.route('**/api/captcha/config', (route) => route.abort());
    await page.goto(`${e2e.server.url}/login`);
    const failed = page.getByTestId('verification-failed');
    await failed.waitFor({ timeout: 10_000 });
    expect(await failed.textContent()).toContain('Failed to load reCAPTCHA.');
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isDisabled()).toBe(true);

    await page.unroute('**/api/captcha/config');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: /Retry in 3s/ }).waitFor();
    await page.getByTestId('human-verification').and(page.locator('[data-state="verified"]')).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);

    // Always failing: after the third retry the widget asks for a page refresh.
    const stuck = await ctx.newPage();
    await stuck.clock.install();
    await stuck.route('**/api/captcha/config', (route) => route.abort());
    await stuck.goto(`${e2e.server.url}/login`);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await stuck.clock.runFor(2_500);
      await stuck.getByTestId('verification-failed').getByRole('button', { name: 'Retry' }).click();
      await stuck.clock.runFor(3_000 * attempt + 500);
    }
    await stuck.clock.runFor(2_500);
    await expect.poll(() => stuck.getByTestId('verification-failed').textContent()).toBe('Failed to load reCAPTCHA. Please refresh the page.');
    expect(await stuck.getByTestId('verification-failed').getByRole('button').count()).toBe(0);
    await ctx.close();
  }, 60_000);
});
