import { describe, expect, it } from 'vitest';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('password reset, in Chromium (issue 16)', () => {
  it('when a bidder follows "Forgot password?", then the mailed link lets them choose a new password on a phone and sign in with it', async () => {
    const db = e2e.server.database.db;
    const user = await createCustomer(db, { name: 'Grace Mwale' });
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${e2e.server.url}/login`);
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL(`${e2e.server.url}/forgot-password`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('reset-link-sent').waitFor();

    let mail: { body_text: string } | undefined;
    await expect
      .poll(async () => {
        mail = await db.selectFrom('message_outbox').select('body_text').where('recipient', '=', user.email).executeTakeFirst();
        return mail !== undefined;
      })
      .toBe(true);
    const link = /Choose a new password: (http\S+)/.exec(mail!.body_text)![1];
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Zomba-Plateau-2026');
    await page.getByLabel('Confirm the new password').fill('Zomba-Plateau-2026');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByTestId('password-reset-done').waitFor();

    // The link is spent: opening it again and saving says so.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-Pass-2026');
    await page.getByLabel('Confirm the new password').fill('Another-Pass-2026');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByTestId('reset-link-invalid').waitFor();
    expect(await page.getByTestId('reset-link-invalid').textContent()).toContain('not valid any more');

    await signInThroughLoginPage(page, e2e.server.url, user.email, 'Zomba-Plateau-2026');
    await ctx.close();
  });
});
