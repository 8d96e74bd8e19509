import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shot, setupServerAndBrowser } from '../helpers/browser.js';
import { createAuctionType, createCustomer, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';

const e2e = setupServerAndBrowser();
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'hls');

describe('a live sale’s webcast in the room (issue 15 "The bidder\'s live room")', () => {
  it('when the sale has an HLS webcast, then Chromium plays it above the room (with its own player, and through hls.js where a browser has none), the sound-only switch keeps only the sound, and Off removes it; a YouTube link is shown as its player', async () => {
    const db = e2e.server.database.db;
    const saleId = await createAuctionType(db, 'live', `Live Auction - Webcast ${Date.now().toString(36)}`);
    // A 4-second test stream (two 2-second segments), served by the server's own uploads.
    const folder = `webcast-${saleId}`;
    // The test server's DATA_DIR (tests/helpers/test-server.ts) holds its uploads.
    const target = path.join(`/tmp/gavel-test-${process.pid}`, 'uploads', folder);
    await mkdir(target, { recursive: true });
    await cp(fixtures, target, { recursive: true });
    const op = await createCustomer(db, { name: 'Clerk Tembo' });
    await grantRole(db, op.id, 'admin');
    const operator = new TestClient(e2e.server.url, op.token);
    expect((await operator.patch(`/api/admin/sales/${saleId}`, { webcast_url: `${e2e.server.url}/uploads/${folder}/live.m3u8` })).status).toBe(200);

    // A browser without its own HLS player (most desktop browsers) plays it through hls.js: this
    // Chromium has one, so a first page hides it; a second page uses the browser's own.
    const plays = async (native: boolean) => {
      const ctx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      if (!native) {
        await ctx.addInitScript(() => {
          const canPlayType = HTMLMediaElement.prototype.canPlayType;
          HTMLMediaElement.prototype.canPlayType = function (type: string) {
            return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
          };
        });
      }
      const p = await ctx.newPage();
      p.setDefaultTimeout(15_000);
      const hlsScript: string[] = [];
      p.on('response', (r) => {
        if (/\/assets\/hls[^/]*\.js$/.test(new URL(r.url()).pathname)) hlsScript.push(r.url());
      });
      await p.goto(`${e2e.server.url}/live/${saleId}`);
      const v = p.getByTestId('live-webcast-video');
      await v.waitFor();
      // It plays: the picture has data and its time moves on.
      await expect.poll(() => v.evaluate((el: HTMLVideoElement) => el.readyState >= 2 && el.currentTime > 0.3), { timeout: 20_000 }).toBe(true);
      // hls.js is fetched only where it is needed.
      expect(hlsScript.length > 0).toBe(!native);
      return { ctx, p };
    };
    await (await plays(false)).ctx.close();
    const { ctx: context, p: page } = await plays(true);
    const video = page.getByTestId('live-webcast-video');
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await shot(page, 'live-room-webcast');

    await page.getByText('Sound only').click();
    await page.getByTestId('live-webcast-audio').waitFor();
    expect(await page.getByTestId('live-webcast-video').count()).toBe(0);
    await page.getByText('Off', { exact: true }).click();
    await expect.poll(() => page.getByTestId('live-webcast-audio').count()).toBe(0);
    // The choice is kept on the device.
    await page.reload();
    await page.getByTestId('live-webcast').waitFor();
    expect(await page.getByTestId('live-webcast-video').count()).toBe(0);
    await page.getByText('Video', { exact: true }).click();
    await video.waitFor();

    expect((await operator.patch(`/api/admin/sales/${saleId}`, { webcast_url: 'https://www.youtube.com/watch?v=abcDEF12345' })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="live-webcast"] iframe').getAttribute('src')).toBe('https://www.youtube.com/embed/abcDEF12345');
    expect(refused).toEqual([]);
    await context.close();
  }, 120_000);
});
