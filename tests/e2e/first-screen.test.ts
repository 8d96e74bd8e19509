import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser, shot } from '../helpers/browser.js';
import { DEFAULT_LISTING_CALL } from '@shared/page-first-reads.js';
import { createAdvert, createAuctionType, createItem } from '../helpers/factories.js';

const e2e = setupServerAndBrowser();
const distDir = path.resolve(import.meta.dirname, '../../client/dist');
/** The app's entry module as built (`/assets/index-….js`). */
const entryFile = `/${(JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>)['index.html'].file}`;

/** Waits until the server sends `pathname` with its first screen containing `text` (the renderer loads on first use). */
async function untilDrawn(pathname: string, text: string): Promise<void> {
  await expect.poll(async () => (await (await fetch(`${e2e.server.url}${pathname}`)).text()).includes(text), { timeout: 20_000, interval: 250 }).toBe(true);
}

/**
 * Holds the app's entry module back until the returned function is called, so the test sees the
 * page as a phone does before its code has arrived; sums the page's layout shifts in `window.__shift`.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === entryFile,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return release;
}

describe('the first screen comes with the HTML (issue 17 "Fast on a cheap phone")', () => {
  it('when the home page opens on a phone before its code has loaded, then its advert shows at once; once the code runs the app takes over in place, with one banner and nothing moved', async () => {
    const db = e2e.server.database.db;
    await db.deleteFrom('adverts').execute();
    await createAdvert(db, { description: 'Blantyre vehicle auction this Saturday' });
    await untilDrawn('/', 'Blantyre vehicle auction this Saturday');

    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    const release = await holdAppCode(page);
    await page.goto(e2e.server.url, { waitUntil: 'domcontentloaded' });
    await page.getByText('Blantyre vehicle auction this Saturday').waitFor();
    expect(await page.locator('#root').isVisible()).toBe(false);
    await shot(page, 'first-screen-home-before-code');

    release();
    await page.locator('#boot').waitFor({ state: 'detached' });
    await page.getByTestId('adverts').waitFor();
    expect(await page.getByText('Blantyre vehicle auction this Saturday').count()).toBe(1);
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
    await shot(page, 'first-screen-home-after-code');
    await ctx.close();
    await db.deleteFrom('adverts').execute();
  }, 60_000);

  it('when the home page code runs, then the app renders it once with its lots already read: no placeholder card is ever drawn in its place', async () => {
    const name = `Massey Ferguson 375 tractor ${Date.now().toString(36)}`;
    await createItem(e2e.server.database.db, { name, target_amount: 4_200_000 });
    // The server keeps a listing's first page a few seconds (an earlier test may have asked for it).
    await expect
      .poll(async () => (await (await fetch(`${e2e.server.url}${DEFAULT_LISTING_CALL}`)).text()).includes(name), { timeout: 20_000, interval: 250 })
      .toBe(true);
    const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    // Counts the placeholder cards the app ever adds, from the first script on.
    await page.addInitScript(() => {
      const w = window as unknown as { __placeholders: number };
      w.__placeholders = 0;
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of r.addedNodes)
            if (node instanceof Element)
              w.__placeholders +=
                (node.matches('[data-testid="item-card-skeleton"]') ? 1 : 0) + node.querySelectorAll('[data-testid="item-card-skeleton"]').length;
      }).observe(document, { childList: true, subtree: true });
    });
    const release = await holdAppCode(page);
    await page.goto(e2e.server.url, { waitUntil: 'commit' });
    // The page's answers arrive while its code is held back, as on a slow connection.
    await page.waitForTimeout(1000);
    release();
    await page.locator('#boot').waitFor({ state: 'detached' });
    await page.getByText(name).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __placeholders: number }).__placeholders)).toBe(0);
    await ctx.close();
  }, 60_000);

  it('when a lot page opens before its code has loaded, then its title and price show at once; once the code runs the app shows the lot live in its place', async () => {
    const name = `Toyota Land Cruiser 2012 ${Date.now().toString(36)}`;
    const id = await createItem(e2e.server.database.db, { name, target_amount: 7_350_000 });
    await untilDrawn(`/item/${id}`, name);

    for (const width of [390, 1440]) {
      const ctx = await e2e.browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await ctx.newPage();
      page.setDefaultTimeout(20_000);
      const release = await holdAppCode(page);
      await page.goto(`${e2e.server.url}/item/${id}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByText('7,350,000').first().waitFor();
      expect(await page.locator('#root').isVisible()).toBe(false);
      await shot(page, 'first-screen-item-before-code');

      release();
      await page.locator('#boot').waitFor({ state: 'detached' });
      await page.getByTestId('live-indicator').first().waitFor({ state: 'attached' });
      expect(await page.getByRole('heading', { level: 1, name }).count()).toBe(1);
      await expect.poll(() => page.getByTestId('live-indicator').first().getAttribute('data-connected'), { timeout: 20_000 }).toBe('true');
      await shot(page, 'first-screen-item-after-code');
      await ctx.close();
    }
  }, 90_000);
  it('when a sale catalogue opens before its code has loaded, then the sale and its first lots show at once; once the code runs the app shows them live in their place', async () => {
    const db = e2e.server.database.db;
    const saleName = `Zomba farm dispersal ${Date.now().toString(36)}`;
    const saleId = await createAuctionType(db, 'online', saleName);
    for (const name of ['John Deere 5055E tractor', 'Disc harrow 16 blade', 'Maize sheller'])
      await createItem(db, { auction_type_id: saleId, name, target_amount: 850_000 });
    await untilDrawn(`/auctions/${saleId}`, 'Maize sheller');

    for (const [width, height] of [
      [390, 844],
      [820, 1180],
      [1440, 900],
    ]) {
      const ctx = await e2e.browser.newContext({ viewport: { width, height } });
      const page = await ctx.newPage();
      page.setDefaultTimeout(20_000);
      const release = await holdAppCode(page);
      await page.goto(`${e2e.server.url}/auctions/${saleId}`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1, name: saleName }).waitFor();
      await page.getByText('John Deere 5055E tractor').waitFor();
      expect(await page.locator('#root').isVisible()).toBe(false);
      await shot(page, 'first-screen-catalogue-before-code');

      release();
      await page.locator('#boot').waitFor({ state: 'detached' });
      await page.getByTestId('catalogue-lots').waitFor();
      expect(await page.getByRole('heading', { level: 1, name: saleName }).count()).toBe(1);
      expect(await page.getByText('Maize sheller').count()).toBe(1);
      await shot(page, 'first-screen-catalogue-after-code');
      await ctx.close();
    }
  }, 90_000);

  it('when the home page, a lot page and a sale catalogue open, then the app takes the answers announced in the page and asks for nothing twice', async () => {
    const db = e2e.server.database.db;
    const saleId = await createAuctionType(db, 'online', 'Preload check sale');
    const lotId = await createItem(db, { auction_type_id: saleId, name: 'Hand-pushed maize sheller' });
    for (const pathname of ['/', `/item/${lotId}`, `/auctions/${saleId}`]) {
      const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await ctx.newPage();
      // Every request of the page's own calls, by path: a preloaded answer the app takes is one
      // request; one it asks for with another query (or again) is two.
      const asked = new Map<string, string[]>();
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin !== e2e.server.url || /^\/(assets|uploads|socket\.io)\/|\.\w+$/.test(url.pathname) || url.pathname === pathname) return;
        asked.set(url.pathname, [...(asked.get(url.pathname) ?? []), `${r.resourceType()} ${url.search}`]);
      });
      await page.goto(`${e2e.server.url}${pathname}`, { waitUntil: 'load' });
      const announced = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(announced.length, pathname).toBeGreaterThan(1);
      await page.waitForTimeout(4_000);
      for (const href of announced) expect(asked.has(new URL(href!, e2e.server.url).pathname), `${pathname}: ${href}`).toBe(true);
      // Not even a lot shown once its live connection is up: its room joins with its copy's age, and
      // the server sends what changed since.
      for (const [path, requests] of asked) expect(requests.length, `${pathname}: ${path} ${requests.join(', ')}`).toBe(1);
      await ctx.close();
    }
  }, 90_000);
});
