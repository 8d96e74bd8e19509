import { afterAll, beforeAll } from 'vitest';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from './test-server.js';

/** Debian's Chromium (never a downloaded browser); `CHROMIUM_PATH` overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless Chromium with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

/** An end-to-end test file's server and browser (see {@link setupServerAndBrowser}). */
export interface ServerAndBrowser {
  server: TestServer;
  browser: Browser;
}

/**
 * Registers the calling test file's `beforeAll`, which starts a test server over a fresh database
 * (`startTestServer(opts)`) and launches Chromium, and its `afterAll`, which closes both. Answers
 * the object whose `server` and `browser` are set once that `beforeAll` has run: read them inside
 * tests and later hooks, not when the module loads. Call it at the top of the file, before the
 * file's own `beforeAll` that needs the server.
 */
export function setupServerAndBrowser(opts?: Parameters<typeof startTestServer>[0]): ServerAndBrowser {
  const e2e = {} as Partial<ServerAndBrowser>;
  beforeAll(async () => {
    e2e.server = await startTestServer(opts);
    e2e.browser = await launchBrowser();
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
  });
  return e2e as ServerAndBrowser;
}

/**
 * When `SHOTS_DIR` is set, saves the whole page there as `{name}-{viewport width}.png` (for looking
 * at the layouts); otherwise does nothing.
 */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** `datetime-local` text of the instant `ms` in the page's own time zone (to the second). */
export function localInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((t) => {
    const d = new Date(t);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);
}
