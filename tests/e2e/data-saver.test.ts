import { describe, expect, it } from 'vitest';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { addLotPicture, createAdvert, createItem } from '../helpers/factories.js';

const e2e = setupServerAndBrowser();

describe('data saver (issue 17 "Fast on a cheap phone")', () => {
  it('when a visitor turns data saver on (or their browser asks to save data), then lot pictures come in their smallest stored size, and the choice stays on the device', async () => {
    const db = e2e.server.database.db;
    const itemId = await createItem(db, { name: `Toyota Hilux 2015 ${Date.now().toString(36)}`, target_amount: 9_000_000 });
    const base = await addLotPicture(db, itemId);
    const mainPicture = (page: import('playwright-core').Page) => page.locator(`[data-testid="gallery"] img[src*="/uploads/items/${itemId}/"]`).first();

    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${e2e.server.url}/item/${itemId}`);
    await mainPicture(page).waitFor({ state: 'attached' });
    expect(await mainPicture(page).getAttribute('srcset')).toContain('-1600.webp 1600w');
    // The same sizes as AVIF, for browsers that read it.
    const avifSource = (p: import('playwright-core').Page) => p.locator('[data-testid="gallery"] source[type="image/avif"]').first();
    expect(await avifSource(page).getAttribute('srcset')).toContain(`${base}-1600.avif 1600w`);
    const saver = page.getByTestId('data-saver').first();
    expect(await saver.isChecked()).toBe(false);

    await saver.check({ force: true });
    await expect.poll(() => mainPicture(page).getAttribute('src')).toBe(`${base}-320.webp`);
    expect(await mainPicture(page).getAttribute('srcset')).toBeNull();
    expect(await avifSource(page).getAttribute('srcset')).toBe(`${base}-320.avif`);
    await page.reload();
    await mainPicture(page).waitFor({ state: 'attached' });
    expect(await mainPicture(page).getAttribute('src')).toBe(`${base}-320.webp`);
    expect(await page.getByTestId('data-saver').first().isChecked()).toBe(true);
    await shot(page, 'item-data-saver');
    await context.close();

    // A browser that says Save-Data starts with it on.
    const saving = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await saving.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '3g' }, configurable: true }));
    const p2 = await saving.newPage();
    await p2.goto(`${e2e.server.url}/item/${itemId}`);
    await mainPicture(p2).waitFor({ state: 'attached' });
    expect(await mainPicture(p2).getAttribute('src')).toBe(`${base}-320.webp`);
    expect(await p2.getByTestId('data-saver').first().isChecked()).toBe(true);
    await saving.close();
  }, 120_000);

  it("when data saver is on, then the home page's banners come in their narrowest stored width alone; without it, every width for the screen to choose", async () => {
    const db = e2e.server.database.db;
    await db.deleteFrom('adverts').execute();
    await createAdvert(db, { description: 'Blantyre Monthly live auction', image: '/uploads/adverts/monthly.jpg', sized: true });
    const banner = (page: import('playwright-core').Page) => page.locator('[data-testid="advert-banner"] img').first();
    const avif = (page: import('playwright-core').Page) => page.locator('[data-testid="advert-banner"] source[type="image/avif"]').first();

    const full = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const p1 = await full.newPage();
    await p1.goto(`${e2e.server.url}/`);
    await banner(p1).waitFor({ state: 'attached', timeout: 15_000 });
    expect(await banner(p1).getAttribute('srcset')).toContain('/uploads/adverts/monthly-1200.webp 1200w');
    expect(await avif(p1).getAttribute('srcset')).toContain('/uploads/adverts/monthly-480.avif 480w');
    await full.close();

    // The phone says Save-Data (no choice of the visitor's own): the page starts with data saver on.
    const saving = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await saving.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '3g' }, configurable: true }));
    const p2 = await saving.newPage();
    await p2.goto(`${e2e.server.url}/`);
    await banner(p2).waitFor({ state: 'attached', timeout: 15_000 });
    expect(await banner(p2).getAttribute('src')).toBe('/uploads/adverts/monthly-480.webp');
    expect(await banner(p2).getAttribute('srcset')).toBeNull();
    expect(await avif(p2).getAttribute('srcset')).toBe('/uploads/adverts/monthly-480.avif');
    await saving.close();
    await db.deleteFrom('adverts').execute();
  }, 120_000);
});
