import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser, shot } from '../helpers/browser.js';
import { addLotPicture, createAdvert, createAuctionType, createCustomer, createItem } from '../helpers/factories.js';
import { sellLotTo } from '../helpers/auctions.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

/** Every Mantine class the whole library's stylesheet gives rules to (`m_…`). */
const styledClasses = new Set(
  [...fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@mantine/core/styles.css'), 'utf8').matchAll(/\.(m_[0-9a-f]+)/g)].map((m) => m[1]),
);

/** The Mantine classes drawn on the page that have rules in the library but none in the page's stylesheets, and the stylesheets' names. */
async function unstyledClasses(page: Page): Promise<{ missing: string[]; sheets: string[] }> {
  const drawn = await page.evaluate(() => {
    const inDom = new Set<string>();
    for (const el of document.querySelectorAll('*')) for (const c of el.classList) if (/^m_[0-9a-f]+$/.test(c)) inDom.add(c);
    const ruled = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) ruled.add(m[1]);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return { inDom: [...inDom], ruled: [...ruled], sheets: [...document.styleSheets].flatMap((s) => (s.href ? [s.href.replace(/.*\//, '')] : [])) };
  });
  const ruled = new Set(drawn.ruled);
  return { missing: drawn.inDom.filter((c) => styledClasses.has(c) && !ruled.has(c)).sort(), sheets: drawn.sheets };
}

describe('the first pages bring only the Mantine styles they draw (issue 17 "CSS: only the Mantine styles the first page uses")', () => {
  let bidder: Awaited<ReturnType<typeof createCustomer>>;
  let saleId: number;
  const lots: number[] = [];
  beforeAll(async () => {
    const db = e2e.server.database.db;
    bidder = await createCustomer(db);
    await createAdvert(db, { description: 'Lilongwe vehicle auction on Saturday' });
    saleId = await createAuctionType(db, 'online', 'Mzuzu farm dispersal');
    const open = await createItem(db, { auction_type_id: saleId, name: 'Tractor with plough', target_amount: 900_000, reserve_price: 5_000_000 });
    await addLotPicture(db, open);
    expect((await new TestClient(e2e.server.url, bidder.token).post('/ajax-bid', { item_id: open, amount: 950_000 })).status).toBe(200);
    const upcoming = await createItem(db, { auction_type_id: saleId, name: 'Maize sheller', date_from: new Date(Date.now() + 2 * 86_400_000) });
    const dailySale = await createItem(db, { kind: 'cash', name: 'Office desk', target_amount: 120_000 });
    const { itemId: sold } = await sellLotTo(e2e.server, bidder, { name: 'Water pump' });
    lots.push(open, upcoming, dailySale, sold);
  });

  it.each([
    { signedIn: false, width: 390, height: 844 },
    { signedIn: false, width: 1440, height: 900 },
    { signedIn: true, width: 390, height: 844 },
    { signedIn: true, width: 1440, height: 900 },
  ])(
    'when the home page, the listing, a sale catalogue and lots of each kind open (signed in: $signedIn, $width px), then every Mantine part drawn has its styles, without the whole library',
    async ({ signedIn, width, height }) => {
      const pages: { path: string; ready: (page: Page) => Promise<void> }[] = [
        { path: '/', ready: (page) => page.getByTestId('item-card').first().waitFor() },
        { path: '/auctions', ready: (page) => page.getByTestId('item-card').first().waitFor() },
        { path: `/auctions/${saleId}`, ready: (page) => page.getByRole('heading', { level: 1, name: 'Mzuzu farm dispersal' }).waitFor() },
        ...lots.map((id) => ({
          path: `/item/${id}`,
          ready: (page: Page) => page.locator('#root [data-testid="item-description"]:visible').first().waitFor(),
        })),
      ];
      const ctx = await e2e.browser.newContext({ viewport: { width, height } });
      const page = await ctx.newPage();
      page.setDefaultTimeout(20_000);
      if (signedIn) await signInThroughLoginPage(page, e2e.server.url, bidder.email);
      for (const { path: pathname, ready } of pages) {
        await page.goto(`${e2e.server.url}${pathname}`);
        await ready(page);
        const { missing, sheets } = await unstyledClasses(page);
        expect({ page: pathname, missing }).toEqual({ page: pathname, missing: [] });
        // The whole library comes only with other pages and dialogs (for a signed-in bidder, the sign-in page's before these).
        if (!signedIn) expect(sheets.filter((s) => s.startsWith('mantine-styles-all'))).toEqual([]);
      }
      if (!signedIn) await shot(page, 'first-page-styles-lot');
      await ctx.close();
    },
    60_000,
  );
});
