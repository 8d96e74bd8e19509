import { createRequire } from 'node:module';
import { sql, type RawBuilder } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createApiToken } from '../../server/auth/credentials.service.js';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

/** axe-core's browser build: injected into each page, it checks the page as drawn (WCAG 2.1 A and AA, and axe's best practices). */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const e2e = setupServerAndBrowser({ seed: true });

/** One problem axe found on a page: the rule, how bad, how many places, and the first places' selectors. */
interface Finding {
  page: string;
  rule: string;
  impact: string | null;
  count: number;
  where: string[];
}

/**
 * Opens each path in a page of `width` px (signed in as `email` when given) and runs axe on it
 * once it has drawn. @returns the serious and critical findings (what stops a person using the
 * page: unreadable text, a nameless button, a name that does not say what is seen).
 */
async function audit(browser: Browser, paths: string[], width: number, email?: string): Promise<Finding[]> {
  // axe is injected as a script: the page's Content-Security-Policy would refuse it.
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 1024 }, bypassCSP: true });
  const page: Page = await ctx.newPage();
  page.setDefaultTimeout(20_000);
  if (email) await signInThroughLoginPage(page, e2e.server.url, email);
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'networkidle' });
    await page.locator('main').first().waitFor();
    await page.addScriptTag({ path: AXE_SOURCE });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> };
        }
      ).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({ rule: v.id, impact: v.impact, count: v.nodes.length, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    });
    findings.push(...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ page: `${path} @${width}px`, ...v })));
  }
  await ctx.close();
  return findings;
}

describe('the pages a bidder and an operator use pass an accessibility check (WCAG 2.1 AA: contrast, names, headings)', () => {
  it('when axe checks the public pages and a bidder’s at 390 px and the operators’ at 820 px, then none has a serious or critical finding', async () => {
    const db = e2e.server.database.db;
    const one = async (query: RawBuilder<{ id: number | string }>) => Number((await query.execute(db)).rows[0].id);
    const onlineLot = await one(
      sql`SELECT i.id FROM items i JOIN auction_types t ON t.id = i.auction_type_id WHERE t.type = 'online' AND i.bid_count > 0 ORDER BY i.id LIMIT 1`,
    );
    const cashItem = await one(
      sql`SELECT i.id FROM items i JOIN auction_types t ON t.id = i.auction_type_id WHERE t.type = 'cash' AND i.quantity > 0 ORDER BY i.id LIMIT 1`,
    );
    const liveSale = await one(sql`SELECT id FROM auction_types WHERE type = 'live' AND published_at IS NOT NULL ORDER BY id LIMIT 1`);
    const customer = await one(sql`SELECT id FROM users WHERE email = 'customer@gavel.mw'`);
    // The bidder's cart holds a daily-sale item, so the cart and checkout pages draw their forms.
    const { token } = await createApiToken(db, { userId: customer, ttlMs: 600_000 });
    expect((await new TestClient(e2e.server.url, token).post(`/cart/add/${cashItem}`)).status).toBe(200);

    // One page of each kind (the shared frames, lists and forms repeat across the others).
    const findings = [
      ...(await audit(e2e.browser, ['/', `/item/${onlineLot}`, `/item/${cashItem}`, `/auctions/${liveSale}`, '/login'], 390)),
      ...(await audit(e2e.browser, ['/bid-dashboard', '/profile', '/checkout', `/live/${liveSale}`], 390, 'customer@gavel.mw')),
      ...(await audit(e2e.browser, ['/admin/lots', '/admin/import', '/admin/invoices', '/admin/settings'], 820, 'admin@gavel.mw')),
    ];
    expect(findings).toEqual([]);
  }, 180_000);
});
