import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { solveCaptcha } from '../helpers/captcha.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

/** Where the audit screen's pictures go after the run (outside the repository). */
const SHOTS_DIR = join(tmpdir(), 'operator-audit');

const text = async (l: Locator) => (await l.textContent()) ?? '';

/** The en-GB time with seconds the audit trail shows for an instant, in the page's own zone. */
const shownTime = (page: Page, at: Date) =>
  page.evaluate(
    (t) => new Date(t).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    at.toISOString(),
  );

/** Today's date as the audit trail writes it (`23 Nov 2026`), in the page's own zone. */
const today = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));

/** Follows one of the admin screens' tabs (Registrations, Orders, Adverts, Audit) as a person would. */
async function openSection(page: Page, label: 'Registrations' | 'Orders' | 'Adverts' | 'Audit', path: string): Promise<void> {
  await page.getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(`${e2e.server.url}${path}`);
}

describe('operators’ changes in the audit trail, in Chromium', () => {
  it('when an operator edits an advert, approves a registration and records cash received, then /admin/audit shows each with who and when, newest first, and the order’s history link lists that order only', async () => {
    const db = e2e.server.database.db;
    const url = e2e.server.url;

    // The people: an operator (admin role) and a customer.
    const operator = await createCustomer(db, { name: 'Thandiwe Phiri', email: 'thandiwe.phiri@gavel.mw' });
    await grantRole(db, operator.id, 'admin');
    const customer = await createCustomer(db, { name: 'Chikondi Banda', email: 'chikondi.banda@example.mw' });
    const customerApi = new TestClient(url, customer.token);

    // The customer's pending registration for a live auction (deposit reference), through the API.
    const liveType = await createAuctionType(db, 'live', 'Live Auction - Blantyre Monthly');
    const registered = await customerApi.post('/register-bid', {
      reference_number: 'NBM-2026-445566',
      auction_type_id: liveType,
      'g-recaptcha-response': await solveCaptcha(url),
    });
    expect(registered.status).toBe(201);
    const registration = await db
      .selectFrom('auction_subscriptions')
      .select(['id', 'status'])
      .where('reference_number', '=', 'NBM-2026-445566')
      .executeTakeFirstOrThrow();
    expect(registration.status).toBe('pending');

    // The customer's cash-on-delivery order, placed through the real checkout API.
    const cashType = await createAuctionType(db, 'cash', 'Daily Sale');
    const fridge = await createItem(db, { auction_type_id: cashType, name: 'Defy double-door fridge', target_amount: 410_000, date_to: null });
    expect((await customerApi.post(`/cart/add/${fridge}`)).status).toBe(200);
    const placed = await customerApi.post('/checkout/cash', {
      customer: { firstName: 'Chikondi', lastName: 'Banda', email: 'chikondi.banda@example.mw', phone: '0888 123 456' },
      billing: { address: 'Plot 12, Namiwawa', city: 'Southern', state: 'Blantyre', postalCode: '', country: 'Malawi' },
      cart: { items: [], total: 410_000 },
      currency: 'MWK',
      payment_method: 'cash',
    });
    expect(placed.status).toBe(200);
    const reference: string = placed.body.order_reference;
    const order = await db.selectFrom('orders').select(['id', 'status']).where('order_reference', '=', reference).executeTakeFirstOrThrow();
    expect(order.status).toBe('reserved');

    // An advert the operator created earlier through the admin API.
    const before = 'Repossessed vehicles: Saturday 9 am, Blantyre yard';
    const after = 'Repossessed vehicles: Sunday 10 am, Lilongwe yard';
    const created = await new TestClient(url, operator.token).post('/api/admin/adverts', {
      description: before,
      date_from: new Date(Date.now() - 3600_000).toISOString(),
      date_to: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      active: true,
    });
    expect(created.status).toBe(201);
    const advertId: number = created.body.data.id;

    // One page, signed in as the operator through /login, at a desk in Malawi.
    const ctx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Africa/Blantyre', locale: 'en-GB' });
    const page = await ctx.newPage();
    page.setDefaultTimeout(8000);
    await signInThroughLoginPage(page, url, operator.email);

    // 1. Adverts: edit the description and save.
    await page.goto(`${url}/admin/adverts`);
    await page.getByRole('heading', { name: 'Adverts', exact: true }).waitFor();
    const card = page.getByTestId('advert-card').filter({ hasText: before });
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit advert' });
    const description = editor.getByLabel('Description');
    expect(await description.inputValue()).toBe(before);
    await description.fill(after);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Advert saved').waitFor();
    await editor.waitFor({ state: 'hidden' });
    await page.getByTestId('advert-card').filter({ hasText: after }).waitFor();

    // 2. Registrations: approve the pending one.
    await openSection(page, 'Registrations', '/admin/registrations');
    const pending = page.getByTestId('registration-row').filter({ hasText: 'NBM-2026-445566' });
    await pending.waitFor();
    expect(await text(pending)).toContain('Chikondi Banda');
    await pending.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('Registration approved for Chikondi Banda', { exact: true }).waitFor();
    await pending.waitFor({ state: 'detached' });

    // 3. Orders: record the cash received, confirming in the dialog.
    await openSection(page, 'Orders', '/admin/orders');
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    const row = page.getByTestId('order-row').filter({ hasText: reference });
    await row.getByRole('button', { name: 'Cash received' }).click();
    const confirm = page.getByRole('dialog', { name: 'Record cash received' });
    expect(await text(confirm)).toContain('MK 410,000');
    await confirm.getByRole('button', { name: 'Cash received' }).click();
    await page.getByText(`Cash received for ${reference}; the order is paid.`).waitFor();
    await expect.poll(async () => text(row)).toContain('by Thandiwe Phiri');

    // What was recorded: three operator events by this operator, in this order.
    const recorded = await db
      .selectFrom('domain_events')
      .select(['id', 'type', 'subject_id', 'actor_type', 'actor_id', 'created_at'])
      .where('type', 'in', ['advert.changed', 'registration.decided', 'order.status_changed'])
      .where('actor_type', '=', 'operator')
      .orderBy('id')
      .execute();
    expect(recorded.map((r) => [r.type, r.subject_id, r.actor_id])).toEqual([
      ['advert.changed', advertId, operator.id],
      ['advert.changed', advertId, operator.id],
      ['registration.decided', registration.id, operator.id],
      ['order.status_changed', order.id, operator.id],
    ]);
    const [, edited, decided, settled] = recorded;

    // 4. The audit trail, opened from its tab.
    await openSection(page, 'Audit', '/admin/audit');
    await page.getByRole('heading', { name: 'Audit trail', exact: true }).waitFor();
    const table = page.getByTestId('audit-table');
    const rows = table.getByTestId('audit-row');
    const advertRow = rows.filter({ hasText: 'Advert changed' }).filter({ hasText: /Description:/ });
    const registrationRow = rows.filter({ hasText: 'Registration decided' });
    const orderRow = rows.filter({ hasText: 'Order status changed' });
    await Promise.all([advertRow.waitFor(), registrationRow.waitFor(), orderRow.waitFor()]);
    const date = await today(page);

    const expectations: [Locator, Date, (t: string) => void][] = [
      [
        advertRow,
        edited.created_at,
        (t) => {
          expect(t).toContain(`Advert #${advertId}`);
          expect(t).toContain(before);
          expect(t).toContain(after);
          // Only the description changed: saving the form must not trim the stored dates' seconds.
          expect(t).not.toMatch(/Date (from|to):/);
        },
      ],
      [
        registrationRow,
        decided.created_at,
        (t) => {
          expect(t).toContain('NBM-2026-445566');
          expect(t).toMatch(/Decision:\s*pending\s*→\s*approved/);
        },
      ],
      [
        orderRow,
        settled.created_at,
        (t) => {
          expect(t).toContain(reference);
          expect(t).toMatch(/Status:\s*reserved\s*→\s*paid/);
          expect(t).toContain('Reason: “Cash received on delivery”');
        },
      ],
    ];
    for (const [locator, at, what] of expectations) {
      expect(await locator.count()).toBe(1);
      const t = await text(locator);
      // Who: the operator's name (a link to their actions), e-mail and the Operator mark.
      expect(await text(locator.getByTestId('audit-actor'))).toBe('Thandiwe Phiri');
      expect(t).toContain('thandiwe.phiri@gavel.mw');
      expect(t).toContain('Operator');
      // When: en-GB to the second, today, the instant recorded.
      expect(t).toContain(await shownTime(page, new Date(at)));
      expect(t).toContain(date);
      expect(t).toMatch(/\d{2}:\d{2}:\d{2}/);
      what(t);
    }

    // Newest first: the cash, then the approval, then the advert edit.
    const all = await rows.allTextContents();
    const at = (needle: string | RegExp) => all.findIndex((t) => (typeof needle === 'string' ? t.includes(needle) : needle.test(t)));
    const orderAt = at('Order status changed');
    const registrationAt = at('Registration decided');
    const advertAt = at(/Advert changed.*Description:/);
    expect(orderAt).toBeGreaterThanOrEqual(0);
    expect(orderAt).toBeLessThan(registrationAt);
    expect(registrationAt).toBeLessThan(advertAt);

    // Pictures of the trail at a desk and on a phone width, once the three toasts have gone.
    await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 10_000 }).toBe(0);
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SHOTS_DIR, 'audit-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId('audit-card');
    await cards.first().waitFor();
    await expect.poll(() => table.isVisible()).toBe(false);
    expect(await text(cards.filter({ hasText: 'Order status changed' }))).toContain('Thandiwe Phiri');
    await page.screenshot({ path: join(SHOTS_DIR, 'audit-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await table.waitFor();

    // The order's history link: only that order's events, the cash received first.
    await orderRow.getByRole('link', { name: `History of Order #${order.id}` }).click();
    await page.waitForURL(`${url}/admin/audit?subject_type=order&subject_id=${order.id}`);
    await expect.poll(async () => text(page.getByTestId('audit-context'))).toContain(`Showing the history of Order #${order.id} · ${reference}.`);
    await expect.poll(async () => (await rows.allTextContents()).map((t) => t.includes(reference))).toEqual([true, true]);
    const history = await rows.allTextContents();
    expect(history[0]).toContain('Order status changed');
    expect(history[0]).toContain('Thandiwe Phiri');
    expect(history[1]).toContain('Order placed');
    expect(history[1]).toContain('Chikondi Banda');
    await ctx.close();
  }, 60_000);
});
