import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

/** A photo as a phone would send it: a JPEG with a pattern, `width` × `height`. */
async function photo(width: number, height: number, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff" opacity="0.6"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

describe('an operator creates a lot from a phone (issue 13 "Lots (items)")', () => {
  it('when an operator on a 390 px phone creates a lot with a picture, then bidders see it with its picture on the public item page', async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Thandiwe Phiri' });
    await grantRole(db, operator.id, 'admin');
    const api = new TestClient(e2e.server.url, operator.token);
    // A name of its own per attempt: a retried attempt finds the earlier attempt's sale in the list too.
    const attempt = Date.now().toString(36);
    const saleName = `Yard sale, Kanengo ${attempt}`;
    const lotName = `Toyota Corolla 1.6 GLi ${attempt}`;
    const sale = await api.post('/api/admin/sales', {
      name: saleName,
      kind: 'online',
      date_from: new Date(Date.now() - 3600_000).toISOString(),
      date_to: new Date(Date.now() + 48 * 3600_000).toISOString(),
    });
    expect(sale.status).toBe(201);
    expect((await api.post(`/api/admin/sales/${sale.body.data.id}/publish`)).status).toBe(200);

    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Africa/Blantyre' });
    const page = await phone.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughLoginPage(page, e2e.server.url, operator.email);

    await page.goto(`${e2e.server.url}/admin/lots`);
    await page.getByRole('heading', { name: 'Lots', exact: true }).waitFor();
    await page.getByTestId('new-lot').click();
    await page.waitForURL(/\/admin\/lots\/new$/);
    const form = page.getByTestId('lot-form');
    await form.getByLabel('Name').fill(lotName);
    await form.getByRole('combobox', { name: /^Sale/ }).click();
    await page.getByRole('option', { name: saleName }).click();
    await form.getByLabel('Description').fill('2012, manual, 143,000 km. Keys and logbook at the Lilongwe office.');
    // A missing amount is named by the shared schema before anything is sent.
    await form.getByRole('button', { name: 'Create lot' }).click();
    await page.getByTestId('lot-form-error').waitFor();
    await form.getByText('Enter the starting amount (or the price of a daily-sale lot).').waitFor();
    await form.getByLabel('Starting amount (MK)').fill('8500000');
    await shot(page, 'admin-lot-new');
    await form.getByRole('button', { name: 'Create lot' }).click();
    await page.waitForURL(/\/admin\/lots\/\d+$/);
    const lotId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('lot-name').getByText(lotName).waitFor();

    // The picture, as the phone's file chooser (or camera) hands it over.
    const input = page.getByTestId('lot-pictures-input');
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await page.locator('input[type=file][capture]').count()).toBe(1);
    await input.setInputFiles({ name: 'corolla.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 900, '#1c5d99') });
    await page.getByText('Picture added.').waitFor();
    await expect.poll(() => page.getByTestId('lot-picture').count()).toBe(1);
    await page.getByTestId('lot-picture').getByText('Cover').waitFor();
    await shot(page, 'admin-lot-page');
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);

    // Bidders see it at once: the public item page with its picture.
    await page.getByTestId('view-lot').click();
    await page.waitForURL(new RegExp(`/item/${lotId}$`));
    await page.getByRole('heading', { name: lotName }).first().waitFor();
    const picture = page.locator(`img[src*="/uploads/items/${lotId}/"]`).first();
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The stored WebP sizes are offered as srcset (the 1200 px photo: 320, 800 and its own 1200).
    await expect.poll(() => picture.getAttribute('srcset')).toMatch(/-320\.webp 320w, .*-800\.webp 800w, .*-1200\.webp 1200w$/);
    // Chromium reads AVIF: it takes the stored AVIF size, a quarter smaller than the WebP.
    expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`/uploads/items/${lotId}/[\\w-]+-(320|800|1200)\\.avif$`));
    await shot(page, 'item-page');
    const guest = await new TestClient(e2e.server.url).get(`/ajax-items?auction_type_id=${sale.body.data.id}`);
    expect(guest.body.data.map((i: { id: number }) => i.id)).toContain(lotId);

    // The list, on the phone, shows the lot with its cover.
    await page.goto(`${e2e.server.url}/admin/lots`);
    await page.getByTestId('lot-card').first().waitFor();
    await shot(page, 'admin-lots');
    await phone.close();

    // At a desk, the operator ticks the lot and withdraws it with a reason: it leaves the listing.
    const desk = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Africa/Blantyre' });
    const dp = await desk.newPage();
    dp.setDefaultTimeout(15_000);
    await signInThroughLoginPage(dp, e2e.server.url, operator.email);
    await dp.goto(`${e2e.server.url}/admin/lots`);
    await dp.getByTestId('lot-row').first().waitFor();
    await dp.getByRole('checkbox', { name: `Select ${lotName}` }).check();
    await dp.getByTestId('bulk-withdraw').click();
    await dp.getByTestId('confirm-bulk').click();
    await dp.getByText('Give the reason for withdrawing the lots (at least 3 characters).').waitFor();
    await dp.getByTestId('bulk-reason').fill('The owner settled the loan');
    await shot(dp, 'admin-lots-withdraw');
    await dp.getByTestId('confirm-bulk').click();
    await dp.getByText('1 lot withdrawn.').waitFor();
    await expect.poll(() => dp.getByTestId('lot-row').filter({ hasText: lotName }).getByTestId('lot-row-status').textContent()).toBe('Withdrawn');
    const after = await new TestClient(e2e.server.url).get(`/ajax-items?auction_type_id=${sale.body.data.id}`);
    expect(after.body.data.map((i: { id: number }) => i.id)).not.toContain(lotId);
    await dp.goto(`${e2e.server.url}/admin/lots/${lotId}`);
    await dp.getByText('Withdrawn: The owner settled the loan').waitFor();
    await desk.close();

    if (process.env.SHOTS_DIR) {
      for (const width of [800, 1440]) {
        const ctx = await e2e.browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Africa/Blantyre' });
        const p = await ctx.newPage();
        await signInThroughLoginPage(p, e2e.server.url, operator.email);
        await p.goto(`${e2e.server.url}/admin/lots`);
        await p
          .getByTestId(width >= 992 ? 'lot-row' : 'lot-card')
          .first()
          .waitFor();
        await shot(p, 'admin-lots');
        await p.goto(`${e2e.server.url}/admin/lots/${lotId}`);
        await p.getByTestId('lot-picture').first().waitFor();
        await shot(p, 'admin-lot-page');
        await p.goto(`${e2e.server.url}/admin/lots/new`);
        await p.getByTestId('lot-form').waitFor();
        await shot(p, 'admin-lot-new');
        await p.goto(`${e2e.server.url}/item/${lotId}`);
        await p.locator(`img[src*="/uploads/items/${lotId}/"]`).first().waitFor();
        await shot(p, 'item-page');
        await ctx.close();
      }
    }
  }, 180_000);
});
