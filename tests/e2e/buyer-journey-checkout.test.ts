import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';

/**
 * The buyer's journey of issue 20, walked in Chromium: the DPO Pay limit at the payment step, a
 * pending (then declined, then approved) live registration on the lot and in the selector,
 * what an unpaid order prints as, and what the operator who decides reads.
 */
const e2e = setupServerAndBrowser();

/** When SHOTS_DIR is set, pages are also saved there as PNG (for looking at the layouts). */
const SHOTS_DIR = process.env.SHOTS_DIR;
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** {@link shot} at 390 px and at 1440 px, then back to the page's own size. */
async function shotAtBothWidths(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, name);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, name);
  await page.setViewportSize(size);
}

const OVER_LIMIT = 'Cart total exceeds DPO Pay maximum limit of MK 999,999.99. Please reduce your order or contact support for large transactions.';

async function newPage(width: number, height = 900): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await e2e.browser.newContext({ viewport: { width, height }, timezoneId: 'Africa/Blantyre', locale: 'en-GB' });
  const page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  return { ctx, page };
}

/** The customer and billing steps, as a guest; stops on the payment step. */
async function toPaymentStep(page: Page): Promise<void> {
  await page.getByTestId('first-name').fill('Tiyamike');
  await page.getByTestId('last-name').fill('Phiri');
  await page.getByTestId('email').fill('tiyamike@example.mw');
  await page.getByTestId('phone').fill('+265 991 234 567');
  await page.getByTestId('step-continue').click();
  await page.getByTestId('address').fill('Area 47, Sector 3, House 12');
  await page.getByTestId('region').click();
  await page.getByRole('option', { name: 'Central' }).click();
  await page.getByTestId('district').click();
  await page.getByRole('option', { name: 'Lilongwe' }).click();
  await page.getByTestId('step-continue').click();
  await page.getByTestId('method-dpopay').waitFor();
}

describe('the buyer journey in Chromium (issue 20)', () => {
  it('when a cart is above the DPO Pay limit, then the payment step keeps the red text, says what to do instead and does not let DPO Pay go on; cash on delivery does', async () => {
    const db = e2e.server.database.db;
    const cashType = await createAuctionType(db, 'cash', 'Daily Sale');
    for (const width of [390, 1440]) {
      const generator = await createItem(db, {
        auction_type_id: cashType,
        name: `Diesel generator 60 kVA (${width})`,
        target_amount: 1_200_000,
        date_to: null,
      });
      const { ctx, page } = await newPage(width, width === 390 ? 844 : 900);
      await page.goto(`${e2e.server.url}/item/${generator}`);
      await page.getByTestId('add-to-cart-button').click();
      await page.getByTestId('detail-checkout-button').click();
      await page.waitForURL(`${e2e.server.url}/checkout`);
      await toPaymentStep(page);

      const limit = page.getByTestId('dpo-limit');
      await limit.waitFor();
      expect(await limit.textContent()).toContain(OVER_LIMIT);
      expect(await page.getByTestId('dpo-limit-advice').textContent()).toBe(
        'DPO Pay cannot take this order. Choose Cash on delivery, or split your cart into smaller orders of at most MK 999,999 each.',
      );
      // The amount stays in red and Continue can't take DPO Pay to the last step.
      const [r, g, b] = (await page.getByTestId('dpo-amount').evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
      expect(r).toBeGreaterThan(g + 80);
      expect(r).toBeGreaterThan(b + 80);
      expect(await page.getByTestId('step-continue').isDisabled()).toBe(true);
      await shot(page, 'checkout-step3-over-limit');

      await page.getByTestId('dpo-limit-cash').click();
      expect(await page.getByTestId('method-cash').getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('step-continue').isEnabled()).toBe(true);
      await shot(page, 'checkout-step3-cash');
      await page.getByTestId('step-continue').click();
      await page.getByTestId('terms').check();
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/payment-success\?cod=1/, { timeout: 15_000 });
      await ctx.close();
    }
  }, 120_000);

  it('when a customer registers from a lot, then it comes back to the lot saying "Registration pending approval", the selector shows that auction as pending; a decline then reads as declined with the reason, and the operator reads whom they decided on', async () => {
    const db = e2e.server.database.db;
    const typeId = await createAuctionType(db, 'live', 'Live Auction - Lilongwe Vehicles');
    const lot = await createItem(db, { name: 'Toyota Corolla 2012 (repossessed)', auction_type_id: typeId, target_amount: 4_500_000 });
    const customer = await createCustomer(db, { name: 'Grace Kamwendo' });
    const operator = await createCustomer(db, { name: 'Thandiwe Phiri' });
    await grantRole(db, operator.id, 'admin');

    const { ctx, page } = await newPage(1440);
    const admin = await newPage(1440);
    await Promise.all([signInThroughLoginPage(page, e2e.server.url, customer.email), signInThroughLoginPage(admin.page, e2e.server.url, operator.email)]);

    // The lot asks for a subscription; its link carries the lot and its auction.
    await page.goto(`${e2e.server.url}/item/${lot}`);
    await page.getByTestId('subscription-required').waitFor();
    await page.getByRole('link', { name: 'Subscribe to Live Auction' }).click();
    await page.waitForURL(`${e2e.server.url}/register-bid?item_id=${lot}&auction_type_id=${typeId}`);
    await page.getByTestId('reference-input').fill('NBM-2026-310001');
    const select = page.getByTestId('auction-select');
    await expect.poll(() => select.inputValue()).toContain('Live Auction - Lilongwe Vehicles');
    await page.getByTestId('terms-checkbox').check();
    const submit = page.getByTestId('register-bid-submit');
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await shotAtBothWidths(page, 'register-bid-filled');
    await submit.click();
    await page.getByTestId('register-bid-success').waitFor();

    // Back on the lot, which says the registration is pending (not "Subscription Required").
    await page.waitForURL(`${e2e.server.url}/item/${lot}`, { timeout: 5000 });
    const pending = page.getByTestId('registration-pending');
    await pending.waitFor();
    expect(await pending.textContent()).toContain('Registration pending approval');
    expect(await page.getByTestId('subscription-required').count()).toBe(0);
    await shotAtBothWidths(page, 'item-registration-pending');

    // The selector shows the auction as pending and does not offer it again.
    await page.goto(`${e2e.server.url}/register-bid?item_id=${lot}&auction_type_id=${typeId}`);
    await page.getByTestId('asked-registration-pending').waitFor();
    expect(await select.inputValue()).toBe('');
    await select.click();
    const option = page.getByRole('option', { name: /Live Auction - Lilongwe Vehicles/ });
    expect(await option.textContent()).toContain('Registration pending approval');
    expect(await option.getAttribute('aria-disabled')).toBe('true');
    await shotAtBothWidths(page, 'register-bid-pending-option');
    await page.keyboard.press('Escape');

    // The operator declines with a reason and reads whom they declined.
    await page.goto(`${e2e.server.url}/item/${lot}`);
    await pending.waitFor();
    await admin.page.goto(`${e2e.server.url}/admin/registrations`);
    const row = admin.page.getByTestId('registration-row').filter({ hasText: 'NBM-2026-310001' });
    await row.getByRole('button', { name: 'Decline' }).click();
    await admin.page.getByLabel('Reason').fill('Deposit not found on the statement');
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
    await admin.page.getByText('Registration declined for Grace Kamwendo', { exact: true }).waitFor();

    // The open lot turns to declined, with the reason, and stays so after a reload.
    const declined = page.getByTestId('registration-declined');
    await declined.waitFor();
    expect(await declined.textContent()).toContain('Deposit not found on the statement');
    await page.reload();
    await declined.waitFor();
    expect(await declined.textContent()).toContain('Registration declined');
    expect(await declined.textContent()).toContain('was declined: Deposit not found on the statement');
    await shotAtBothWidths(page, 'item-registration-declined');

    // Registering again (a declined auction can be chosen) and the approval reads as approved.
    await page.getByRole('link', { name: 'Register again' }).click();
    await page.getByTestId('asked-registration-declined').waitFor();
    await page.getByTestId('reference-input').fill('NBM-2026-310002');
    await expect.poll(() => select.inputValue()).toContain('Live Auction - Lilongwe Vehicles');
    await page.getByTestId('terms-checkbox').check();
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();
    await page.waitForURL(`${e2e.server.url}/item/${lot}`, { timeout: 5000 });
    await pending.waitFor();
    await admin.page.reload();
    const again = admin.page.getByTestId('registration-row').filter({ hasText: 'NBM-2026-310002' });
    await again.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Registration approved for Grace Kamwendo', { exact: true }).waitFor();
    expect(await admin.page.getByText('You can now place bids.', { exact: false }).count()).toBe(0);
    await page.getByTestId('registration-approved').waitFor();
    expect(await page.getByTestId('place-bid-button').isVisible()).toBe(true);
    await shotAtBothWidths(page, 'item-registration-approved');
    await ctx.close();

    // The registrations screen at phone, tablet and desktop widths.
    if (SHOTS_DIR) {
      for (const width of [390, 820, 1440]) {
        await admin.page.setViewportSize({ width, height: 900 });
        await admin.page.goto(`${e2e.server.url}/admin/registrations`);
        await admin.page.locator('label').filter({ hasText: /^All$/ }).click();
        await admin.page.getByText('NBM-2026-310002').filter({ visible: true }).first().waitFor();
        await shot(admin.page, 'admin-registrations');
      }
      const phone = await newPage(390, 844);
      await signInThroughLoginPage(phone.page, e2e.server.url, customer.email);
      await phone.page.goto(`${e2e.server.url}/item/${lot}`);
      await phone.page.getByTestId('registration-approved').waitFor();
      await shot(phone.page, 'item-registration-approved');
      await phone.page.goto(`${e2e.server.url}/register-bid?item_id=${lot}&auction_type_id=${typeId}`);
      await phone.page.getByTestId('asked-registration-approved').waitFor();
      await shot(phone.page, 'register-bid-approved');
      await phone.ctx.close();
    }
    await admin.ctx.close();
  }, 120_000);

  it('when a customer opens unpaid orders in the purchase history, then they read and print as an Order or an Invoice with their status; only a paid one is a Payment Confirmation', async () => {
    const db = e2e.server.database.db;
    const customer = await createCustomer(db, { name: 'Chikondi Banda' });
    // A reservation that ends in three days, at noon UTC: 14:00 in Blantyre, where the pages are read.
    const reservedUntil = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 3, 12));
    const order = async (reference: string, status: 'reserved' | 'awaiting_payment' | 'paid', method: 'cash' | 'dpopay', item: string) => {
      const row = await db
        .insertInto('orders')
        .values({
          order_reference: reference,
          user_id: customer.id,
          status,
          payment_method: method,
          payment_reference: null,
          sub_total: 185_000,
          vat: 0,
          discount: 0,
          amount_total: 185_000,
          customer_name: 'Chikondi Banda',
          customer_email: customer.email,
          customer_phone: '0888 765 432',
          billing_address: null,
          billing_city: null,
          billing_state: null,
          billing_postal_code: null,
          billing_country: null,
          reserved_until: status === 'reserved' ? reservedUntil : null,
          paid_at: status === 'paid' ? new Date() : null,
          cancelled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('order_lines').values({ order_id: row.id, item_id: null, name: item, quantity: 1, unit_price: 185_000, amount: 185_000 }).execute();
    };
    const stamp = Date.now();
    await order(`ORD-RES-${stamp}`, 'reserved', 'cash', 'Chest freezer 300 L');
    await order(`ORD-AWT-${stamp}`, 'awaiting_payment', 'dpopay', 'Office desk');
    await order(`ORD-PAID-${stamp}`, 'paid', 'dpopay', 'Bicycle');

    for (const width of [390, 1440]) {
      const { ctx, page } = await newPage(width, width === 390 ? 844 : 900);
      await signInThroughLoginPage(page, e2e.server.url, customer.email);
      await page.goto(`${e2e.server.url}/spa/profile`);
      // The page's own date format (en-GB, the page's time zone), asked of the browser that shows it.
      const payBy = await page.evaluate(
        (iso) =>
          `ORDER — RESERVED, PAY CASH ON DELIVERY BY ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso)).toUpperCase()}`,
        reservedUntil.toISOString(),
      );
      const open = async (reference: string) => {
        await page.getByRole('button', { name: `View order ${reference}` }).click();
        await page.getByTestId('receipt').waitFor();
      };
      const close = async () => {
        await page.getByRole('button', { name: 'Close', exact: true }).click();
        await page.getByTestId('receipt').waitFor({ state: 'detached' });
      };

      // A reserved cash order is an order to pay in cash on delivery by the reservation's end.
      await open(`ORD-RES-${stamp}`);
      expect(await page.getByTestId('receipt-title').textContent()).toBe('Order');
      expect(await page.getByTestId('receipt-kind').innerText()).toBe(payBy);
      expect(payBy).toMatch(/, 14:00$/);
      const [popup] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('button', { name: 'Print' }).click()]);
      await expect.poll(() => popup.locator('body').innerText()).toContain(payBy);
      const printed = await popup.locator('body').innerText();
      expect(printed).not.toContain('PAYMENT CONFIRMATION');
      expect(await popup.title()).toBe('Order | Gavel');
      if (SHOTS_DIR && width === 1440) {
        await popup.setViewportSize({ width: 900, height: 650 });
        await popup.screenshot({ path: `${SHOTS_DIR}/print-reserved-order-900.png`, fullPage: true });
      }
      await popup.close();
      await shot(page, 'receipt-reserved-order');
      await close();

      // An order awaiting payment is an invoice.
      await open(`ORD-AWT-${stamp}`);
      expect(await page.getByTestId('receipt-title').textContent()).toBe('Invoice');
      expect(await page.getByTestId('receipt-kind').innerText()).toBe('INVOICE — AWAITING PAYMENT');
      await shot(page, 'receipt-invoice');
      await close();

      // A paid order stays a payment confirmation.
      await open(`ORD-PAID-${stamp}`);
      expect(await page.getByTestId('receipt-title').textContent()).toBe('Payment Confirmation');
      expect(await page.getByTestId('receipt-kind').innerText()).toMatch(/^PAYMENT CONFIRMATION — PAID /);
      await shot(page, 'receipt-paid');
      await close();
      await ctx.close();
    }
  }, 120_000);
});
