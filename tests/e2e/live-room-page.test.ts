import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setupServerAndBrowser, shot } from '../helpers/browser.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';

const e2e = setupServerAndBrowser();

/** The element's text as written (badges are shown in capitals by CSS). */
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

describe('the bidder’s live room page (issue 15)', () => {
  it('when a clerk runs a lot against the room, then a signed-in approved bidder on a phone and a guest on a laptop follow it live, the bidder bids with one press, sees Winning/Outbid, the locks and banners, and the lot is sold to them once', async () => {
    const db = e2e.server.database.db;
    const saleId = await createAuctionType(db, 'live', 'Live Auction - Zomba Vehicles');
    const lot = await createItem(db, {
      auction_type_id: saleId,
      name: 'Toyota Corolla 2012',
      description: 'Silver, manual gearbox.',
      target_amount: 4_000_000,
    });
    await createItem(db, { auction_type_id: saleId, name: 'Honda generator 5 kVA', target_amount: 350_000 });
    await db.insertInto('increment_bands').values({ auction_type_id: saleId, from_amount: 0, increment: 50_000 }).execute();
    const bidder = await createCustomer(db, { name: 'Chikondi Banda' });
    await db
      .insertInto('auction_subscriptions')
      .values({
        user_id: bidder.id,
        auction_type_id: saleId,
        reference_number: `REF-LIVE-${bidder.id}-${Date.now()}`,
        status: 'active',
        decline_reason: null,
        reviewed_by: null,
      })
      .execute();
    const op = await createCustomer(db, { name: 'Clerk Tembo' });
    await grantRole(db, op.id, 'admin');
    const clerk = new TestClient(e2e.server.url, op.token);
    const act = async (action: string, body: Record<string, unknown> = {}) =>
      expect((await clerk.post(`/api/admin/live/${saleId}/${action}`, body)).status).toBe(200);

    const phoneCtx = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const laptopCtx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const phone = await phoneCtx.newPage();
    const guest = await laptopCtx.newPage();
    await signInThroughLoginPage(phone, e2e.server.url, bidder.email);
    await Promise.all([phone.goto(`${e2e.server.url}/live/${saleId}`), guest.goto(`${e2e.server.url}/live/${saleId}`)]);

    // Before the first lot: everyone waits; the page is titled after the sale.
    for (const page of [phone, guest]) {
      await expect.poll(() => text(page, 'live-status-banner')).toContain('Waiting for the auctioneer to open the first lot');
      expect(await page.title()).toBe('Live: Live Auction - Zomba Vehicles | Gavel');
    }
    expect(await guest.getByTestId('live-next-lot').count()).toBe(2);

    await act('open');
    await expect.poll(() => text(phone, 'live-lot-name')).toBe('Toyota Corolla 2012');
    await expect.poll(() => text(guest, 'live-lot-name')).toBe('Toyota Corolla 2012');
    expect(await text(phone, 'live-bid-button')).toContain('Bid MK 4,050,000');
    expect(await guest.getByTestId('live-bid-button').count()).toBe(0);
    expect(await text(guest, 'live-bid-reason')).toContain('Sign in to bid');

    await act('floor-bid', { paddle: '12' });
    await expect.poll(() => text(phone, 'live-high-bid')).toBe('MK 4,050,000');
    expect(await text(phone, 'live-high-bidder')).toBe('Room · paddle 12');
    await expect.poll(() => text(phone, 'live-bid-button')).toContain('Bid MK 4,100,000');

    // One press: one bid, the bidder leads; the guest sees it without reloading.
    await phone.getByTestId('live-bid-button').click();
    await expect.poll(() => text(phone, 'live-position')).toBe('Winning');
    // Nobody bids against themselves: the button waits until someone bids over them.
    await expect.poll(() => phone.getByTestId('live-bid-button').isDisabled()).toBe(true);
    expect(await text(phone, 'live-bid-reason')).toBe('You hold the high bid. The button comes back when someone bids over you.');
    await expect.poll(() => text(guest, 'live-high-bid')).toBe('MK 4,100,000');
    expect(await text(guest, 'live-high-bidder')).toBe('Online');
    await expect.poll(() => guest.getByTestId('live-bid-row').count()).toBe(2);
    expect(await guest.getByTestId('live-position').count()).toBe(0);

    // The room bids over them: Outbid, and a lock stops online bids with its reason.
    await act('floor-bid');
    await expect.poll(() => text(phone, 'live-position')).toBe('Outbid');
    await act('lock');
    await expect.poll(() => phone.getByTestId('live-bid-button').isDisabled()).toBe(true);
    expect(await text(phone, 'live-bid-reason')).toBe('Online bidding is paused while the room bids.');
    await act('unlock');
    await expect.poll(() => phone.getByTestId('live-bid-button').isDisabled()).toBe(false);

    await phone.getByTestId('live-bid-button').click();
    await expect.poll(() => text(phone, 'live-position')).toBe('Winning');
    await act('fair-warning');
    await act('message', { text: 'Last call on the Corolla.' });
    await expect.poll(() => text(guest, 'live-status-banner')).toContain('Fair warning');
    await expect.poll(() => text(phone, 'live-message')).toBe('Last call on the Corolla.');
    await shot(phone, 'live-room-fair-warning');
    await shot(guest, 'live-room-fair-warning');

    await act('sold');
    await expect.poll(() => text(phone, 'live-status-banner')).toContain('Sold for MK 4,200,000 to you');
    await expect.poll(() => text(guest, 'live-status-banner')).toContain('Sold for MK 4,200,000 to an online bidder');
    expect(await text(phone, 'live-position')).toBe('Won');

    const stored = await db.selectFrom('bids').select('bid_amount').where('item_id', '=', lot).where('user_id', '=', bidder.id).orderBy('id').execute();
    expect(stored.map((b) => Number(b.bid_amount))).toEqual([4_100_000, 4_200_000]);
    await phoneCtx.close();
    await laptopCtx.close();
  });
});
