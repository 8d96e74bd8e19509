import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BIDDING_MESSAGES } from '@shared/messages/bidding';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

/** The offline banner's words (client/src/components/offline-banner.tsx). */
const BANNER = 'You are offline — prices may have changed';

/** The test server's uploads folder (tests/helpers/test-server.ts keeps its data in `/tmp/gavel-test-{pid}`). */
const uploadsDir = path.join(`/tmp/gavel-test-${process.pid}`, 'uploads');

/** Stores a real picture of the lot in its 320, 800 and 1600 px WebP sizes, as the lot's picture upload does. */
async function storePicture(itemId: number): Promise<void> {
  const dir = path.join(uploadsDir, 'items', String(itemId));
  fs.mkdirSync(dir, { recursive: true });
  const base = `/uploads/items/${itemId}/offline`;
  for (const width of [320, 800, 1600]) {
    const file = path.join(dir, `offline-${width}.webp`);
    await sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: '#2c9356' } })
      .webp()
      .toFile(file);
  }
  await e2e.server.database.db
    .insertInto('item_media')
    .values({
      item_id: itemId,
      url: `${base}-800.webp`,
      original_url: `${base}-1600.webp`,
      variants: JSON.stringify([320, 800, 1600].map((width) => ({ width, webp: `${base}-${width}.webp`, avif: `${base}-${width}.webp` }))),
      width: 1600,
      height: 1200,
    })
    .execute();
}

/** Whether the lot's main picture has been drawn (its bytes arrived and decoded). */
function pictureDrawn(page: Page, itemId: number): Promise<boolean> {
  return page
    .locator(`[data-testid="gallery"] img[src*="/uploads/items/${itemId}/"]`)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    .catch(() => false);
}

/** Requests of the page and its service worker whose path starts with `prefix`, from now on. */
function countRequests(context: BrowserContext, prefix: string): { count: () => number } {
  let n = 0;
  context.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(prefix)) n++;
  });
  return { count: () => n };
}

describe('installable and offline (issue "Installable and offline")', () => {
  it('when a bidder has opened Gavel once, then it can be installed, and offline the home page and a lot read before still show with the offline banner while a bid is refused and never sent', async () => {
    const db = e2e.server.database.db;
    // A name of its own per attempt: a retry finds the earlier attempt's lot too.
    const name = `Offline Land Cruiser ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const itemId = await createItem(db, { name, target_amount: 250_000 });
    await storePicture(itemId);

    // A fresh context per attempt: its own service worker and caches.
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await page.goto(`${e2e.server.url}/`);

      // The manifest: linked from the page, named, started at /, standalone, its icons real PNGs of their size.
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBeTruthy();
      const manifestRes = await page.request.get(new URL(href!, e2e.server.url).toString());
      expect(manifestRes.status()).toBe(200);
      const manifest = (await manifestRes.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({ name: 'Gavel', short_name: 'Gavel', start_url: '/', display: 'standalone', theme_color: '#0a5a31' });
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(manifest.icons.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
      for (const icon of manifest.icons) {
        const res = await page.request.get(new URL(icon.src, e2e.server.url).toString());
        expect(res.status(), icon.src).toBe(200);
        expect(res.headers()['content-type']).toBe('image/png');
        const meta = await sharp(await res.body()).metadata();
        expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      }

      // The worker and the manifest are asked for again on every update check (never stale).
      for (const file of ['/sw.js', '/push-sw.js', '/sw-session.js', href!]) {
        const res = await page.request.get(new URL(file, e2e.server.url).toString());
        expect(res.status(), file).toBe(200);
        expect(res.headers()['cache-control'], file).toBe('no-cache');
      }

      // The service worker registers once the page has loaded, and controls the page after a reload.
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${e2e.server.url}/`);
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${e2e.server.url}/sw.js`);
      await page.getByText(name).first().waitFor();
      expect(await page.getByTestId('offline-banner').count()).toBe(0);

      // The bidder reads the lot (its answer and picture are stored as they arrive).
      await page.goto(`${e2e.server.url}/item/${itemId}`);
      await page.getByRole('heading', { name }).first().waitFor();
      await expect.poll(() => pictureDrawn(page, itemId), { timeout: 15_000 }).toBe(true);

      // Offline: the home page and the lot come from the device, under the banner.
      await context.setOffline(true);
      await page.goto(`${e2e.server.url}/`);
      await page.getByText(BANNER).waitFor();
      await page.getByText(name).first().waitFor();
      await shot(page, 'offline-home');

      // Inside the app, offline, a tap on the lot's card opens it from the device too.
      await page.getByText(name).first().click();
      await page.getByRole('heading', { name }).first().waitFor();

      await page.goto(`${e2e.server.url}/item/${itemId}`);
      await page.reload();
      await page.getByText(BANNER).waitFor();
      await page.getByRole('heading', { name }).first().waitFor();
      await expect.poll(() => pictureDrawn(page, itemId), { timeout: 15_000 }).toBe(true);

      // A bid offline is refused on the phone with its reason; nothing goes to the server.
      const bids = countRequests(context, '/ajax-bid');
      await page.getByTestId('bid-offline').getByText(BIDDING_MESSAGES.offline).waitFor();
      expect(await page.getByText('You need to be signed in to bid.').count()).toBe(0);
      // The minimum bid, as the field offers it.
      const amountInput = page.getByTestId('bid-amount-input');
      await amountInput.fill((await amountInput.getAttribute('placeholder')) ?? '');
      await page.getByTestId('place-bid-button').click();
      await page.locator('.mantine-Notification-root').getByText(BIDDING_MESSAGES.offline).waitFor();
      await shot(page, 'offline-item');
      expect(bids.count()).toBe(0);

      // Back online, the banner goes.
      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('when a signed-in bidder opens Gavel offline, then it still shows their account, not a guest; once they sign out it does not', async () => {
    const user = await createCustomer(e2e.server.database.db, { name: 'Offline Chisomo' });
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      await signInThroughLoginPage(page, e2e.server.url, user.email);
      await page.evaluate(async () => navigator.serviceWorker.ready);
      await page.reload();
      await page.getByTestId('user-menu').waitFor();

      await context.setOffline(true);
      await page.reload();
      await page.getByText(BANNER).waitFor();
      await page.getByTestId('user-menu').waitFor();
      expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);

      // Signed out (online), the device forgets them: offline it is a guest's page again.
      await context.setOffline(false);
      await page.reload();
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: /log ?out/i }).click();
      await page.getByRole('button', { name: 'Sign in', exact: true }).first().waitFor();
      await context.setOffline(true);
      await page.reload();
      await page.getByText(BANNER).waitFor();
      await page.getByRole('button', { name: 'Sign in', exact: true }).first().waitFor();
      expect(await page.getByTestId('user-menu').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});
