import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createAuctionType, createCustomer, createItem } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();
const SHOTS = join(tmpdir(), 'shots-e');
mkdirSync(SHOTS, { recursive: true });
const COMMON = 'This password is one of the most common passwords and is easy to guess. Please choose another.';

/** Each width the forms are looked at: a phone and a desktop. */
const WIDTHS = [390, 1440] as const;

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

describe('password rules and guest checkout guards in Chromium (issue 18)', () => {
  it.each(WIDTHS)('when someone types a password on /register at %i px, then the meter grades it and names a common one', async (width) => {
    const ctx = await e2e.browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${e2e.server.url}/register`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('password1');
    await expect.poll(() => page.getByTestId('password-strength-text').textContent(), { timeout: 10_000 }).toBe(COMMON);
    await shot(page, `register-common-${width}`);
    await password.fill('Mzuzu-lake-42!');
    await expect.poll(() => page.getByTestId('password-strength-text').textContent(), { timeout: 10_000 }).toMatch(/^Password strength: (Good|Strong)$/);
    await shot(page, `register-strong-${width}`);
    await ctx.close();
  });

  it.each(WIDTHS)('when a customer changes the password on the profile at %i px, then the current password is asked for and checked', async (width) => {
    const email = `pw-${width}-${Date.now()}@example.mw`;
    await createCustomer(e2e.server.database.db, { email });
    const ctx = await e2e.browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await signInThroughLoginPage(page, e2e.server.url, email);
    await page.goto(`${e2e.server.url}/spa/profile`);
    const form = page.getByTestId('account-form');
    await form.waitFor();
    expect(await page.getByTestId('current-password').count()).toBe(0);
    await form.getByLabel('New Password', { exact: false }).first().fill('Zomba-plateau-7');
    await form.getByLabel('Confirm New Password').fill('Zomba-plateau-7');
    await page.getByTestId('current-password').waitFor();
    expect(await form.getByRole('button', { name: 'Update Profile' }).isDisabled()).toBe(true);
    await page.getByTestId('current-password').fill('not-my-password');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await form.getByText('The current password is incorrect.').waitFor();
    await shot(page, `profile-current-password-${width}`);
    await page.getByTestId('current-password').fill('password');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await form.getByText('Profile updated successfully.').waitFor();
    await ctx.close();
  });

  it.each(WIDTHS)(
    'when a guest chooses cash on delivery at %i px, then the review step explains the verification and Place Order waits for it',
    async (width) => {
      const db = e2e.server.database.db;
      const cashType = await createAuctionType(db, 'cash', `Daily Sale ${width}`);
      const item = await createItem(db, { auction_type_id: cashType, name: `Chest freezer ${width}`, target_amount: 320_000, date_to: null });
      const ctx = await e2e.browser.newContext({ viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(`${e2e.server.url}/add-to-cart/${item}?checkout=true`);
      await page.waitForURL(`${e2e.server.url}/checkout`);
      await page.getByTestId('first-name').fill('Tiyamike');
      await page.getByTestId('last-name').fill('Phiri');
      await page.getByTestId('email').fill('tiyamike@example.mw');
      await page.getByTestId('phone').fill('+265 991 234 567');
      await page.getByTestId('step-continue').click();
      await page.getByTestId('address').fill('Area 47, Sector 3, House 12');
      await page.getByTestId('region').click();
      await page.getByRole('option', { name: 'Central' }).click();
      await page.getByTestId('district').click();
      await page.getByRole('option', { name: 'Lilongwe' }).click();
      await page.getByTestId('step-continue').click();
      await page.getByTestId('method-cash').click();
      await page.getByTestId('step-continue').click();
      await page.getByTestId('terms').check();
      const note = page.getByTestId('guest-cash-verification');
      await note.waitFor();
      expect(await note.textContent()).toContain(
        'As a guest, complete the human verification below first (or sign in). At most 3 unpaid orders at a time per person.',
      );
      await page.getByTestId('human-verification').and(page.locator('[data-state="verified"]')).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('place-order').isEnabled()).toBe(true);
      await shot(page, `checkout-guest-cash-${width}`);
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/payment-success\?cod=1/, { timeout: 15_000 });
      await ctx.close();
    },
    60_000,
  );
});
