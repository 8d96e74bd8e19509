import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../../server/realtime/bus.js';
import { createAuctionType, createBranch, createItem } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let online: number;
let branch: number;
let shown: number;
const H = 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  branch = await createBranch(db, 'Blantyre');
  online = await createAuctionType(db, 'online', 'Online Auction');
  for (let i = 0; i < 3; i++)
    shown = await createItem(db, { name: `Cached lot ${i}`, auction_type_id: online, branch_id: branch, created_at: new Date(Date.now() - (10 - i) * H) });
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, etag?: string) => fetch(server.url + path, { headers: etag ? { 'If-None-Match': etag } : {} });
const names = async (res: Response) => ((await res.json()) as { data: { name: string }[] }).data.map((i) => i.name);
const publish = (event: Pick<BusEvent, 'type' | 'payload'>) =>
  server.bus.publish({
    ...event,
    id: `e-test-${Math.random()}`,
    subject: { type: 'item', id: 0 },
    actor: { type: 'guest' },
    created_at: new Date().toISOString(),
  } as BusEvent);

describe("the listing's first pages, answered from memory with an ETag (issue 21)", () => {
  it('when the same landing page is asked again with its ETag, then the answer is 304 without a body', async () => {
    const first = await get('/ajax-items');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"l/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await get('/ajax-items', etag!);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('when a lot changes and its event arrives, then the next answer is fresh, with another ETag', async () => {
    const before = await get('/ajax-items?sort_by=oldest');
    const etag = before.headers.get('etag')!;
    await server.database.db.updateTable('items').set({ name: 'Renamed cached lot' }).where('id', '=', shown).execute();
    // Until an event says so, the page is the one kept (for a few seconds at most).
    expect((await get('/ajax-items?sort_by=oldest', etag)).status).toBe(304);
    await publish({ type: 'item.updated', payload: { item_id: shown } });
    const after = await get('/ajax-items?sort_by=oldest', etag);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await names(after)).toContain('Renamed cached lot');
  });

  it('when a bid is placed, then only the pages showing that lot or ordered by price are dropped', async () => {
    const db = server.database.db;
    const other = await createItem(db, { name: 'Unlisted lot', auction_type_id: online, branch_id: branch, created_at: new Date(Date.now() - 1000 * H) });
    await publish({ type: 'item.updated', payload: { item_id: other } });
    const newest = (await get('/ajax-items?per_page=2')).headers.get('etag')!;
    const byPrice = (await get('/ajax-items?per_page=2&sort_by=price_high')).headers.get('etag')!;
    // The bid on the old lot makes it the dearest; the rename of a shown lot comes with no event.
    await db.updateTable('items').set({ bid_amount: 99_000_000, bid_count: 1 }).where('id', '=', other).execute();
    await db.updateTable('items').set({ name: 'Quietly renamed lot' }).where('id', '=', shown).execute();
    await publish({ type: 'bid.placed', payload: { item_id: other } as never });
    expect((await get('/ajax-items?per_page=2', newest)).status).toBe(304);
    const price = await get('/ajax-items?per_page=2&sort_by=price_high', byPrice);
    expect(price.status).toBe(200);
    expect((await names(price))[0]).toBe('Unlisted lot');
    await publish({ type: 'bid.placed', payload: { item_id: shown } as never });
    const fresh = await get('/ajax-items?per_page=2', newest);
    expect(fresh.status).toBe(200);
    expect(await names(fresh)).toContain('Quietly renamed lot');
  });

  it('when a searched or filtered first page is asked again, then it is kept like a landing page until an event; a deeper page is read afresh every time', async () => {
    const db = server.database.db;
    await db.updateTable('items').set({ name: 'Cached lot searched' }).where('id', '=', shown).execute();
    await publish({ type: 'item.updated', payload: { item_id: shown } });
    const first = await get('/ajax-items?search=cached&conditions[]=used&conditions[]=new');
    expect(await names(first)).toContain('Cached lot searched');
    const etag = first.headers.get('etag')!;
    await db.updateTable('items').set({ name: 'Cached lot searched again' }).where('id', '=', shown).execute();
    // The same query, its filter values in another order: the same page, kept.
    expect((await get('/ajax-items?search=cached&conditions[]=new&conditions[]=used', etag)).status).toBe(304);
    await publish({ type: 'item.updated', payload: { item_id: shown } });
    expect(await names(await get('/ajax-items?search=cached&conditions[]=used&conditions[]=new'))).toContain('Cached lot searched again');

    await db.updateTable('items').set({ name: 'Cached lot paged' }).where('id', '=', shown).execute();
    expect(await names(await get('/ajax-items?search=cached&sort_by=oldest&per_page=1&page=3'))).toContain('Cached lot paged');
    await db.updateTable('items').set({ name: 'Cached lot paged again' }).where('id', '=', shown).execute();
    expect(await names(await get('/ajax-items?search=cached&sort_by=oldest&per_page=1&page=3'))).toContain('Cached lot paged again');
  });

  it('when a page is filtered by price, then a bid on any lot drops it (the bid may bring a lot into the range)', async () => {
    const db = server.database.db;
    const rising = await createItem(db, { name: 'Rising lot', auction_type_id: online, branch_id: branch, target_amount: 1_000 });
    await publish({ type: 'item.updated', payload: { item_id: rising } });
    const path = '/ajax-items?price_min=500000&price_max=900000&search=rising';
    const before = await get(path);
    expect(await names(before)).toEqual([]);
    const etag = before.headers.get('etag')!;
    const bystander = await get('/ajax-items?search=cached');
    const bystanderEtag = bystander.headers.get('etag')!;
    await db.updateTable('items').set({ bid_amount: 600_000, bid_count: 1 }).where('id', '=', rising).execute();
    await publish({ type: 'bid.placed', payload: { item_id: rising } as never });
    const after = await get(path, etag);
    expect(after.status).toBe(200);
    expect(await names(after)).toEqual(['Rising lot']);
    // A searched page that neither shows the lot nor follows prices is kept.
    expect((await get('/ajax-items?search=cached', bystanderEtag)).status).toBe(304);
  });
});

describe('the increment tables the listing keeps (issue 21)', () => {
  it('when the increment setting changes, then the listing keeps its minimum next bid until the change is announced, then follows it', async () => {
    const db = server.database.db;
    for (const name of ['Memo lot one', 'Memo lot two']) {
      const id = await createItem(db, { name, auction_type_id: online, branch_id: branch, target_amount: 10_000 });
      await db.updateTable('items').set({ bid_amount: 20_000, bid_count: 1 }).where('id', '=', id).execute();
    }
    await publish({ type: 'item.updated', payload: { item_id: shown } });
    // A deeper page: never answered from the page memory, so only the kept tables can be stale.
    const minimum = async () =>
      ((await (await get('/ajax-items?search=memo&sort_by=oldest&per_page=1&page=2')).json()) as { data: { min_next_bid: number }[] }).data[0].min_next_bid;
    expect(await minimum()).toBe(20_001);
    await db.updateTable('settings').set({ value: '5000' }).where('key', '=', 'auction_bid_increment').execute();
    try {
      expect(await minimum()).toBe(20_001);
      await publish({ type: 'setting.changed', payload: { key: 'auction_bid_increment', before: '1', after: '5000' } as never });
      expect(await minimum()).toBe(25_000);
    } finally {
      await db.updateTable('settings').set({ value: '1' }).where('key', '=', 'auction_bid_increment').execute();
      await publish({ type: 'setting.changed', payload: { key: 'auction_bid_increment', before: '5000', after: '1' } as never });
    }
  });
});
