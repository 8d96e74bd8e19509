import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEFAULT_ROUTE_PATHS, SPA_BASES, SPA_ROUTE_PATHS } from '@shared/client-routes.js';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const TIME_ZONE = 'Africa/Blantyre';
const PHONE = { width: 390, height: 844 };

/** A new page in a context of that size, in Malawi's time zone. */
async function newPage(viewport = PHONE): Promise<Page> {
  const ctx = await e2e.browser.newContext({ viewport, timezoneId: TIME_ZONE });
  return ctx.newPage();
}

/** What the client writes for an instant (en-GB, day month year, hh:mm) in Malawi's time. */
const gb = (d: Date) => d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });

/** The home listing narrowed to one lot by its name. */
async function cardOf(page: Page, name: string, id: number): Promise<Locator> {
  await page.goto(`${e2e.server.url}/?search=${encodeURIComponent(name)}`);
  const card = page.locator(`[data-testid="item-card"][data-item-id="${id}"]`);
  await card.waitFor();
  return card;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** True when the element's text is cut (ellipsis or hidden overflow) rather than shown whole. */
const isCut = (l: Locator) => l.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);

describe('a lot that has not started reads Opens, counts to its opening and offers Watch (issue 20 item 1)', () => {
  it('when a live lot opens in 4 days 18 hours, then its card, quick view, page and the watchlist count to the opening, never to the end', async () => {
    const db = e2e.server.database.db;
    const opens = new Date(Date.now() + 4 * D + 18 * H + 30 * M);
    const name = 'Nissan Hardbody double cab, upcoming';
    const id = await createItem(db, { name, kind: 'live', date_from: opens, date_to: new Date(opens.getTime() + 8 * H) });
    const page = await newPage(PHONE);

    const card = await cardOf(page, name, id);
    expect(await card.getByTestId('card-time-label').innerText()).toBe('Opens in');
    expect(await card.getByTestId('card-time-left').innerText()).toBe('4d 18h');
    expect(await card.getByTestId('card-opens').innerText()).toBe(`Opens ${gb(opens)}`);
    expect(await card.getByTestId('watch-button').count()).toBe(1);
    expect(await card.getByText('Place Bid').count()).toBe(0);
    expect(await card.getByTestId('status-badge').count()).toBe(0);

    await card.getByTestId('quick-view').click();
    const preview = page.getByTestId('preview-timing');
    await preview.waitFor();
    expect(await preview.innerText()).toBe(`0 bids · Opens in 4d 18h · opens ${gb(opens)}`);
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.server.url}/item/${id}`);
    const timeLeft = page.getByTestId('time-left');
    await timeLeft.waitFor();
    expect(await timeLeft.innerText()).toBe('4d 18h');
    expect(await page.getByText('Opens in', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Time left', { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('opens-at').innerText()).toBe(`Opens ${gb(opens)}`);
    expect((await page.getByTestId('timing-badge').innerText()).toLowerCase()).toBe('upcoming');
    expect(await page.getByText('Active', { exact: true }).count()).toBe(0);

    const bidder = await createCustomer(db, { name: 'Upcoming Watcher' });
    await db.insertInto('watchlist_items').values({ user_id: bidder.id, item_id: id }).execute();
    await signInThroughLoginPage(page, e2e.server.url, bidder.email);
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    const row = page.locator(`[data-testid="watchlist-entry"][data-item-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('watchlist-timing').innerText()).toBe('Opens in 4d 18h');
    await page.goto(`${e2e.server.url}/bid-dashboard/watchlist`);
    const watchCard = page.locator(`[data-testid="watchlist-card"][data-item-id="${id}"]`);
    await watchCard.waitFor();
    expect(await watchCard.getByTestId('watchlist-timing').innerText()).toBe('Opens in 4d 18h');
    await page.context().close();
  }, 60_000);
});

describe('the buyer journey at 390 px shows every text whole (issue 20 item 9)', () => {
  it('when a bidder with a long name has just bid, then the bid history shows the whole name and the New badge uncut', async () => {
    const db = e2e.server.database.db;
    const id = await createItem(db, { name: 'Yamaha Crux 110 motorcycle' });
    const longName = await createCustomer(db, { name: 'Madalitso Kumwenda-Nyirenda Chirwa' });
    const other = await createCustomer(db, { name: 'Thoko Phiri' });
    await db
      .insertInto('bids')
      .values([
        { item_id: id, user_id: other.id, bid_amount: 105_000, created_at: new Date(Date.now() - 2 * H) },
        { item_id: id, user_id: longName.id, bid_amount: 1_110_000, created_at: new Date(Date.now() - M) },
      ])
      .execute();
    const page = await newPage(PHONE);
    await page.goto(`${e2e.server.url}/item/${id}`);
    const names = page.getByTestId('bid-bidder');
    await page.getByTestId('bid-row').nth(1).waitFor();
    expect(await names.allInnerTexts()).toEqual(['Madalitso Kumwenda-Nyirenda Chirwa', 'Thoko Phiri']);
    expect(await isCut(names.first())).toBe(false);
    const fresh = page.getByTestId('bid-new');
    expect(await fresh.count()).toBe(1);
    expect(await fresh.innerText()).toBe('NEW');
    expect(await isCut(fresh.locator('.mantine-Badge-label'))).toBe(false);
    await page.context().close();
  });

  it('when a live lot is in its window, then it says LIVE once (card, quick view and page), not Live and LIVE', async () => {
    const db = e2e.server.database.db;
    const name = 'Bell backhoe loader, live now';
    const id = await createItem(db, { name, kind: 'live', date_from: new Date(Date.now() - H), date_to: new Date(Date.now() + 3 * D) });
    const page = await newPage(PHONE);
    const live = (scope: Locator) => scope.locator('.mantine-Badge-root').filter({ hasText: /^live$/i });
    const card = await cardOf(page, name, id);
    expect(await live(card).allInnerTexts()).toEqual(['LIVE']);
    await card.getByTestId('quick-view').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('preview-timing').waitFor();
    expect(await live(dialog).allInnerTexts()).toEqual(['LIVE']);
    await page.goto(`${e2e.server.url}/item/${id}`);
    await page.getByTestId('time-left').waitFor();
    expect(await live(page.locator('main')).allInnerTexts()).toEqual(['LIVE']);
    await page.context().close();
  });

  it('when a toast appears, then it is below the header and leaves the cart and watchlist badges visible', async () => {
    const db = e2e.server.database.db;
    const name = 'Hisense smart TV, daily sale';
    const id = await createItem(db, { name, kind: 'cash' });
    const page = await newPage(PHONE);
    const card = await cardOf(page, name, id);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor();
    const cartBadge = page.locator('header .mantine-Indicator-indicator').filter({ hasText: '1' });
    await cartBadge.waitFor();
    const header = (await page.locator('header').first().boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(overlaps(toastBox, (await cartBadge.boundingBox())!)).toBe(false);
    await page.context().close();
  });

  it('when a card shows a lot picture, then no badge or Quick View pill lies over the picture', async () => {
    const db = e2e.server.database.db;
    const name = 'Toyota Land Cruiser, ending soon';
    const id = await createItem(db, { name, date_to: new Date(Date.now() + 5 * H) });
    const page = await newPage(PHONE);
    const card = await cardOf(page, name, id);
    const picture = (await card.getByRole('button', { name: `Quick view of ${name}` }).boundingBox())!;
    const covers = [card.getByTestId('type-badge'), card.getByTestId('status-badge'), card.getByTestId('quick-view')];
    for (const l of covers) {
      expect(await l.count()).toBe(1);
      expect(overlaps((await l.boundingBox())!, picture)).toBe(false);
      expect(await isCut(l)).toBe(false);
    }
    await page.context().close();
  });

  it('when a lot is in its last 10 minutes, then its countdown ticks in minutes and seconds', async () => {
    const db = e2e.server.database.db;
    const id = await createItem(db, { name: 'Honda Fit 2010 (soft close)', date_to: new Date(Date.now() + 4 * M + 30 * S) });
    const page = await newPage(PHONE);
    await page.goto(`${e2e.server.url}/item/${id}`);
    const left = page.getByTestId('time-left');
    await left.waitFor();
    const first = await left.innerText();
    expect(first).toMatch(/^4m \d\ds$/);
    await expect.poll(() => left.innerText(), { timeout: 4000 }).not.toBe(first);
    expect(await left.innerText()).toMatch(/^4m \d\ds$/);
    await page.context().close();
  });

  it('when none of the auctions bid on has finished, then the win rate reads — rather than 0%', async () => {
    const db = e2e.server.database.db;
    const id = await createItem(db, { name: 'Office desk, steel frame' });
    const bidder = await createCustomer(db, { name: 'New Bidder' });
    await db.insertInto('bids').values({ item_id: id, user_id: bidder.id, bid_amount: 110_000, created_at: new Date() }).execute();
    const page = await newPage(PHONE);
    await signInThroughLoginPage(page, e2e.server.url, bidder.email);
    await page.goto(`${e2e.server.url}/bid-dashboard`);
    const rate = page.getByTestId('stat-win-rate-value');
    await rate.waitFor();
    expect(await rate.innerText()).toBe('—');
    await page.context().close();
  }, 60_000);

  it('when a visitor reads the About page, then office hours are unambiguous (24 h) and every branch the lots are at is listed', async () => {
    const db = e2e.server.database.db;
    const branches = [
      { name: 'Blantyre', address: 'Ginnery Corner, Masauko Chipembere Highway, Blantyre', phone: '+265 1 820 000' },
      { name: 'Lilongwe', address: 'Area 28, Plot 28/112, Kanengo Road, Lilongwe', phone: '+265 1 750 000' },
      { name: 'Mzuzu', address: 'Orton Chirwa Avenue, Mzuzu', phone: '+265 1 310 000' },
      { name: 'Zomba', address: 'Kamuzu Highway, Matawale, Zomba', phone: '+265 1 525 000' },
    ];
    await db.insertInto('branches').values(branches).execute();
    const page = await newPage(PHONE);
    await page.goto(`${e2e.server.url}/about`);
    const offices = page.getByTestId('branch-office');
    // The page shows its four known offices until the server answers: wait for the server's own text.
    await expect.poll(async () => (await offices.allInnerTexts()).join('\n'), { timeout: 10_000 }).toContain('Orton Chirwa Avenue, Mzuzu');
    const text = (await offices.allInnerTexts()).join('\n');
    for (const b of branches) {
      expect(text).toContain(b.name);
      expect(text).toContain(b.address);
      expect(text).toContain(b.phone);
    }
    const hours = await page.getByTestId('business-hours').innerText();
    expect(hours).toContain('08:00 - 17:00');
    expect(hours).toContain('09:00 - 15:00');
    expect(hours).not.toMatch(/\b5:00\b|\b3:00\b/);
    expect(await page.getByTestId('footer-hours').innerText()).toBe('Mon-Fri 08:00-17:00, Sat 09:00-15:00, Sun closed');
    await page.context().close();
  });

  it('when a path is no page of the app, then the server answers 404 with the not-found page, and every real page 200', async () => {
    const res = await fetch(`${e2e.server.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('<div id="root">');
    for (const path of ['/spa/shop', '/item', '/about/us', '/home-vue/nowhere']) expect((await fetch(`${e2e.server.url}${path}`)).status, path).toBe(404);

    const concrete = (p: string) => p.replace(':id', '1').replace('/:section?', '');
    const pages = [
      ...DEFAULT_ROUTE_PATHS.map((p) => `/${concrete(p)}`),
      ...SPA_BASES.flatMap((b) => SPA_ROUTE_PATHS.map((p) => `/${b}/${concrete(p)}`)),
      '/admin/orders',
    ];
    for (const path of pages) expect((await fetch(`${e2e.server.url}${path}`, { redirect: 'manual' })).status, path).toBe(200);

    const page = await newPage(PHONE);
    const answer = await page.goto(`${e2e.server.url}/no-such-page`);
    expect(answer?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('Page Not Found | Gavel');
    await page.context().close();
  });
});
