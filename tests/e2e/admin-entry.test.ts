import { describe, expect, it } from 'vitest';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, grantRole } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('the way into /admin (issue 13)', () => {
  it('when an operator opens the account menu or the phone drawer, then Admin is there and leads to /admin; a bidder sees no Admin', async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Operator Kachingwe' });
    await grantRole(db, operator.id, 'admin');
    const bidder = await createCustomer(db, { name: 'Bidder Mwale' });

    const desk = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await desk.newPage();
    await signInThroughLoginPage(page, e2e.server.url, operator.email);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-admin').waitFor();
    await page.screenshot({ path: '/tmp/shots-bidders/admin-menu-1440.png' });
    await page.getByTestId('menu-admin').click();
    await page.waitForURL(/\/admin/);
    await page.goto(`${e2e.server.url}/admin/no-such-section`);
    await page.getByTestId('admin-not-found').waitFor();
    expect(await page.getByTestId('admin-not-found').textContent()).toContain('no-such-section');
    await desk.close();

    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const p2 = await phone.newPage();
    await signInThroughLoginPage(p2, e2e.server.url, operator.email);
    await p2.getByLabel('Open navigation').click();
    await p2.getByTestId('drawer-admin').waitFor();
    await p2.screenshot({ path: '/tmp/shots-bidders/admin-drawer-390.png' });
    await phone.close();

    const other = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p3 = await other.newPage();
    await signInThroughLoginPage(p3, e2e.server.url, bidder.email);
    await p3.getByTestId('user-menu').click();
    await p3.getByText('My Profile').waitFor();
    expect(await p3.getByTestId('menu-admin').count()).toBe(0);
    await other.close();
  }, 90_000);
});
