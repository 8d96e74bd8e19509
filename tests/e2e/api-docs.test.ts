import { describe, expect, it } from 'vitest';
import { setupServerAndBrowser } from '../helpers/browser.js';

const e2e = setupServerAndBrowser();

describe('API reference page (issue 19)', () => {
  it('when a developer opens /api/docs, then the calls and the socket events are listed, with nothing refused by the page’s security policy', async () => {
    // Swagger UI draws the operations as they come into view: a tall window shows them all at once.
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 16_000 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${e2e.server.url}/api/docs`);
    await expect.poll(() => page.locator('.opblock-summary-path').count(), { timeout: 15_000 }).toBeGreaterThan(60);
    await expect.poll(() => page.getByText('/ajax-bid', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('/api/watchlist/check/{id}', { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Socket.IO events').count()).toBeGreaterThan(0);
    expect(await page.locator('body').innerText()).toContain('bid:placed');
    expect(problems).toEqual([]);
    await page.close();
  });
});
