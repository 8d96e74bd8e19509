import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUCTIONEER_CONTACT } from '../../shared/schemas/auctioneer-contact.schema.js';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('the Settings screen in Chromium (issue 13 "Settlement and results")', () => {
  it('when an operator changes the office hours and email, then the About page and the footer show them; a bad line is refused under its field; subscribers download as CSV', async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Settings Clerk' });
    await grantRole(db, operator.id, 'admin');
    const subscriber = `reader-${Date.now()}@example.mw`;
    expect((await new TestClient(e2e.server.url).post('/api/newsletter', { email: subscriber, source: '/about' })).status).toBe(200);

    const ctx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughLoginPage(page, e2e.server.url, operator.email);
    await page.goto(`${e2e.server.url}/admin/settings`);
    const saturday = page.getByTestId('contact-hours-saturday');
    await expect.poll(() => saturday.inputValue()).toBe('09:00 - 15:00');

    await page.getByTestId('contact-hours-sunday').fill('5pm');
    await page.getByRole('button', { name: 'Save: contact details and office hours' }).click();
    await page.getByText('Write the hours as 08:00 - 17:00 (24-hour clock)', { exact: false }).waitFor();
    await page.getByTestId('contact-hours-sunday').fill('Closed');

    await saturday.fill('9:00-13:00');
    await page.getByTestId('contact-email').fill('office@gavel.mw');
    await page.getByRole('button', { name: 'Save: contact details and office hours' }).click();
    await page.getByText('Contact details and office hours saved', { exact: false }).waitFor();
    await expect.poll(() => saturday.inputValue()).toBe('09:00 - 13:00');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('newsletter-csv').click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('email,name,subscribed_at,source');
    expect(csv).toContain(`${subscriber},,`);

    const visitor = await (await e2e.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(`${e2e.server.url}/about`);
    await expect.poll(() => visitor.getByTestId('footer-hours').innerText()).toBe('Mon-Fri 08:00-17:00, Sat 09:00-13:00, Sun closed');
    expect(await visitor.getByTestId('business-hours').innerText()).toContain('09:00 - 13:00');
    expect(await visitor.getByTestId('auctioneer-contact').innerText()).toContain('office@gavel.mw');

    await new TestClient(e2e.server.url, operator.token).request('PATCH', '/api/admin/settings', { auctioneer_contact: DEFAULT_AUCTIONEER_CONTACT });
    await visitor.context().close();
    await ctx.close();
  }, 90_000);
});
