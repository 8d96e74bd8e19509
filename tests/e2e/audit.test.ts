import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

let operator: { id: number; email: string };
let buyer: { id: number; email: string; token: string };
let itemId: number;
let statusEventId: number;

beforeAll(async () => {
  const db = e2e.server.database.db;
  const op = await createCustomer(db, { name: 'Thandiwe Phiri', email: 'thandiwe.phiri@gavel.mw' });
  await grantRole(db, op.id, 'admin');
  operator = op;
  buyer = await createCustomer(db, { name: 'Chikondi Banda', email: 'chikondi@example.mw' });
  itemId = await createItem(db, { name: 'Toyota Hilux 2015 double cab' });

  // The buyer watches the lot through the API (the watchlist command writes its event) …
  expect((await new TestClient(e2e.server.url, buyer.token).post('/api/watchlist', { item_id: itemId })).status).toBe(200);
  // … and an operator's settlement as the orders command records it.
  const row = await db
    .insertInto('domain_events')
    .values({
      type: 'order.status_changed',
      subject_type: 'order',
      subject_id: 41,
      actor_type: 'operator',
      actor_id: op.id,
      actor_name: null,
      payload: JSON.stringify({
        order_id: 41,
        reference: 'ORD-2026-TEST41',
        before: 'reserved',
        after: 'paid',
        item_ids: [itemId],
        reason: 'Cash received on delivery',
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  statusEventId = row.id;
});

const text = async (l: Locator) => (await l.textContent()) ?? '';

/** Opens the audit trail signed in as `email` at the given width. */
async function openAudit(email: string, width: number, path = '/admin/audit'): Promise<Page> {
  const phone = width < 800;
  const ctx = await e2e.browser.newContext({ viewport: { width, height: phone ? 844 : 900 }, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  const page = await ctx.newPage();
  page.setDefaultTimeout(8000);
  await signInThroughLoginPage(page, e2e.server.url, email);
  await page.goto(`${e2e.server.url}${path}`);
  return page;
}

/** The en-GB time with seconds the page should show for an ISO instant (the browser's own zone). */
const shownTime = (page: Page, iso: string) =>
  page.evaluate(
    (t) => new Date(t).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    iso,
  );

describe('the audit trail in Chromium', () => {
  it('when an operator opens /admin/audit at a desk, then each change shows who and when; filtering by type keeps the filter in the address, and the actor link lists that user’s own actions', async () => {
    const page = await openAudit(operator.email, 1440);
    await page.getByRole('heading', { name: 'Audit trail', exact: true }).waitFor();
    const table = page.getByTestId('audit-table');
    const settled = table.getByTestId('audit-row').filter({ hasText: 'ORD-2026-TEST41' });
    await settled.waitFor();
    const row = await text(settled);
    expect(row).toContain('Order status changed');
    expect(row).toContain('Thandiwe Phiri');
    expect(row).toContain('thandiwe.phiri@gavel.mw');
    expect(row).toContain('Operator');
    expect(row).toMatch(/Status:\s*reserved\s*→\s*paid/);
    expect(row).toContain('Reason: “Cash received on delivery”');
    const created = await e2e.server.database.db.selectFrom('domain_events').select('created_at').where('id', '=', statusEventId).executeTakeFirstOrThrow();
    expect(row).toContain(await shownTime(page, new Date(created.created_at).toISOString()));
    expect(row).toMatch(/\d{2}:\d{2}:\d{2}/);

    // The full payload is one click away.
    await settled.getByRole('button', { name: 'Show details' }).click();
    expect(await text(table.getByTestId('audit-payload'))).toContain('"reference": "ORD-2026-TEST41"');

    // Filter by type: only watchlist changes remain, and the address says so.
    await page.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'Watchlist changed', exact: true }).click();
    await page.waitForURL(/\/admin\/audit\?type=watchlist\.changed$/);
    await expect.poll(async () => table.getByTestId('audit-row').filter({ hasText: 'ORD-2026-TEST41' }).count()).toBe(0);
    const watched = table.getByTestId('audit-row').filter({ hasText: 'Chikondi Banda' });
    await watched.waitFor();
    expect(await text(watched)).toContain(`Started watching Lot #${itemId}`);
    expect(await table.getByTestId('audit-row').count()).toBe(1);

    // The actor's name opens everything they did.
    await watched.getByTestId('audit-actor').click();
    await page.waitForURL(new RegExp(`/admin/audit\\?actor_id=${buyer.id}$`));
    await expect.poll(async () => text(page.getByTestId('audit-context'))).toContain('Showing changes made by Chikondi Banda.');
    expect(await page.getByLabel('Actor (user id)').inputValue()).toBe(String(buyer.id));
    await page.context().close();
  });

  it('when an operator opens a customer’s history on a phone, then cards show it with the full payload a tap away, and a filter with nothing says so', async () => {
    const page = await openAudit(operator.email, 390, '/admin/audit?subject_type=user&subject_id=' + buyer.id);
    const card = page.getByTestId('audit-card').first();
    await card.waitFor();
    expect(await page.getByTestId('audit-table').isVisible()).toBe(false);
    expect(await text(card)).toContain('Watchlist changed');
    await card.getByRole('button', { name: 'Show details' }).click();
    expect(await text(card.getByTestId('audit-payload'))).toContain(`"item_id": ${itemId}`);

    await page.goto(`${e2e.server.url}/admin/audit?subject_type=item&subject_id=${itemId}&type=auction.closed`);
    await page.getByTestId('audit-empty').waitFor();
    expect(await text(page.getByTestId('audit-empty'))).toContain('No recorded events match these filters.');
    await page.context().close();
  });

  it('when a customer opens /admin/audit, then they are sent home and the API refuses them', async () => {
    const page = await openAudit(buyer.email, 1440);
    await page.waitForURL(`${e2e.server.url}/`);
    expect(await page.getByRole('heading', { name: 'Audit trail' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/admin/audit', { headers: { accept: 'application/json' } })).status);
    expect(status).toBe(403);
    await page.context().close();
  });
});
