import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { lotKeys, lotsOfPages, startLotFeed, withBidPlaced, type LotBidsPage, type LotPage } from '../../client/src/lib/lot-cache.js';
import type { GavelSocket } from '../../client/src/lib/socket.js';
import type { Bid } from '../../shared/schemas/bid.schema.js';
import type { Item } from '../../shared/schemas/item.schema.js';

/** A lot as the server answers it (only what the cache reads matters). */
const lot = (id: number, fields: Partial<Item> = {}): Item =>
  ({
    id,
    name: `Lot ${id}`,
    bid_amount: 1000,
    bid_count: 1,
    min_next_bid: 1100,
    date_to: '2026-12-01T10:00:00.000Z',
    status: 'active',
    closed_by: null,
    reserve_met: null,
    ...fields,
  }) as Item;

const bid = (id: number, itemId: number, userId: number, amount: number): Bid => ({
  id,
  item_id: itemId,
  user_id: userId,
  bid_amount: amount,
  created_at: '2026-11-26T10:00:00.000Z',
  user: { name: 'T***o' },
});

/** `bid:placed` as the server sends it. */
const placed = (b: Bid, count: number, dateTo = '2026-12-01T10:00:00.000Z') => ({
  item_id: b.item_id,
  bid: b,
  bid_amount: b.bid_amount,
  bid_count: count,
  min_next_bid: b.bid_amount + 100,
  date_to: dateTo,
});

/** A socket stand-in: the feed only listens (`on`/`off`) and reads `connected`. */
class FakeSocket extends EventEmitter {
  connected = true;
}

const listPage = (items: Item[]): InfiniteData<LotPage> => ({ pages: [{ items }], pageParams: [1] });

describe('lot cache: socket events change every copy of a lot in one place', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  function setUp(viewer: number | null = null) {
    const qc = new QueryClient();
    const socket = new FakeSocket();
    stop = startLotFeed(qc, socket as unknown as GavelSocket, () => viewer);
    return { qc, socket };
  }

  it('bid:placed moves the lot on its page, in the listing and in a sale catalogue, and prepends the bid to page 1 of its history', () => {
    const { qc, socket } = setUp();
    qc.setQueryData(lotKeys.detail(7), lot(7));
    qc.setQueryData(lotKeys.list('listing', { page: 1 }), listPage([lot(6), lot(7)]));
    qc.setQueryData(lotKeys.list('sale', 3), listPage([lot(7, { lot_number: 2 })]));
    const history: LotBidsPage = {
      bids: [bid(40, 7, 2, 1000)],
      pagination: { current_page: 1, last_page: 1, per_page: 10, total: 1, from: 1, to: 1 },
    };
    qc.setQueryData(lotKeys.bids(7, 1), history);

    socket.emit('bid:placed', placed(bid(41, 7, 3, 1500), 2, '2026-12-01T10:02:00.000Z'));

    const moved = { bid_amount: 1500, bid_count: 2, min_next_bid: 1600, date_to: '2026-12-01T10:02:00.000Z' };
    expect(qc.getQueryData<Item>(lotKeys.detail(7))).toMatchObject(moved);
    const listing = qc.getQueryData<InfiniteData<LotPage>>(lotKeys.list('listing', { page: 1 }))!;
    expect(listing.pages[0].items[1]).toMatchObject(moved);
    expect(listing.pages[0].items[0]).toMatchObject({ bid_amount: 1000, bid_count: 1 });
    expect(qc.getQueryData<InfiniteData<LotPage>>(lotKeys.list('sale', 3))!.pages[0].items[0]).toMatchObject({ ...moved, lot_number: 2 });
    const bids = qc.getQueryData<LotBidsPage>(lotKeys.bids(7, 1))!;
    expect(bids.bids.map((b) => b.id)).toEqual([41, 40]);
    expect(bids.pagination).toMatchObject({ total: 2, to: 2 });

    // The same event again (delivered twice) changes nothing more.
    socket.emit('bid:placed', placed(bid(41, 7, 3, 1500), 2, '2026-12-01T10:02:00.000Z'));
    expect(qc.getQueryData<LotBidsPage>(lotKeys.bids(7, 1))!.bids).toHaveLength(2);
    expect(qc.getQueryData<LotBidsPage>(lotKeys.bids(7, 1))!.pagination.total).toBe(2);
  });

  it('a missed bid replayed after a newer one joins the history below it but never takes the price back', () => {
    const { qc, socket } = setUp();
    qc.setQueryData(lotKeys.detail(7), lot(7, { bid_amount: 1800, bid_count: 3 }));
    qc.setQueryData<LotBidsPage>(lotKeys.bids(7, 1), {
      bids: [bid(43, 7, 2, 1800), bid(41, 7, 2, 1000)],
      pagination: { current_page: 1, last_page: 1, per_page: 10, total: 2, from: 1, to: 2 },
    });
    socket.emit('bid:placed', placed(bid(42, 7, 3, 1500), 2));
    expect(qc.getQueryData<Item>(lotKeys.detail(7))).toMatchObject({ bid_amount: 1800, bid_count: 3 });
    expect(qc.getQueryData<LotBidsPage>(lotKeys.bids(7, 1))!.bids.map((b) => b.id)).toEqual([43, 42, 41]);
  });

  it('auction:closed and item:updated reach every copy; a lot no list holds is left alone', () => {
    const { qc, socket } = setUp();
    qc.setQueryData(lotKeys.detail(7), lot(7));
    qc.setQueryData(lotKeys.list('sale', 3), listPage([lot(7, { lot_number: 2 }), lot(8, { lot_number: 3 })]));
    socket.emit('auction:closed', { item_id: 7, closed_by: 5, status: 'sold' });
    socket.emit('item:updated', { id: 8, lot_number: 1, date_to: '2026-12-02T09:00:00.000Z' });
    socket.emit('bid:placed', placed(bid(50, 99, 3, 1500), 2));
    expect(qc.getQueryData<Item>(lotKeys.detail(7))).toMatchObject({ closed_by: 5, status: 'sold' });
    const sale = qc.getQueryData<InfiniteData<LotPage>>(lotKeys.list('sale', 3))!.pages[0].items;
    expect(sale[0]).toMatchObject({ id: 7, closed_by: 5, status: 'sold' });
    expect(sale[1]).toMatchObject({ id: 8, lot_number: 1, date_to: '2026-12-02T09:00:00.000Z', name: 'Lot 8' });
    expect(qc.getQueryData(lotKeys.detail(99))).toBeUndefined();
  });

  it('an item:updated read before a bid the lot already shows keeps the newer price and bid count, and takes the rest', () => {
    const { qc, socket } = setUp();
    qc.setQueryData(lotKeys.list('sale', 3), listPage([lot(7, { lot_number: 2 })]));
    socket.emit('bid:placed', placed(bid(41, 7, 3, 1500), 2));
    socket.emit('item:updated', { ...lot(7, { lot_number: 2 }), bid_amount: 1200, bid_count: 1, min_next_bid: 1300, date_to: '2026-12-03T09:00:00.000Z' });
    expect(qc.getQueryData<InfiniteData<LotPage>>(lotKeys.list('sale', 3))!.pages[0].items[0]).toMatchObject({
      bid_amount: 1500,
      bid_count: 2,
      date_to: '2026-12-03T09:00:00.000Z',
    });
    socket.emit('item:updated', { ...lot(7, { lot_number: 2 }), bid_amount: 1700, bid_count: 3, min_next_bid: 1800 });
    expect(qc.getQueryData<InfiniteData<LotPage>>(lotKeys.list('sale', 3))!.pages[0].items[0]).toMatchObject({
      bid_amount: 1700,
      bid_count: 3,
      min_next_bid: 1800,
    });
  });

  it("the signed-in viewer's standing follows the bids: Winning on their own, Outbid on another's, a maximum used up by a bid reaching it", () => {
    const { qc, socket } = setUp(3);
    qc.setQueryData(lotKeys.detail(7), lot(7, { viewer: { leading: false, max_amount: null, has_bid: false } }));
    socket.emit('bid:placed', placed(bid(41, 7, 3, 1500), 2));
    expect(qc.getQueryData<Item>(lotKeys.detail(7))!.viewer).toEqual({ leading: true, max_amount: null, has_bid: true });

    qc.setQueryData<Item>(lotKeys.detail(7), (prev) => ({ ...prev!, viewer: { leading: true, max_amount: 3000, has_bid: true } }));
    socket.emit('bid:placed', placed(bid(42, 7, 4, 2000), 3));
    expect(qc.getQueryData<Item>(lotKeys.detail(7))!.viewer).toEqual({ leading: false, max_amount: 3000, has_bid: true });
    socket.emit('bid:placed', placed(bid(43, 7, 4, 3000), 4));
    expect(qc.getQueryData<Item>(lotKeys.detail(7))!.viewer).toEqual({ leading: false, max_amount: null, has_bid: true });
  });

  it('a guest viewer gets no standing, and a lot without one keeps none', () => {
    const e = placed(bid(41, 7, 3, 1500), 2);
    expect(withBidPlaced(lot(7), e, 3).viewer).toBeUndefined();
    expect(withBidPlaced(lot(7, { viewer: { leading: false, max_amount: null, has_bid: false } }), e, null).viewer).toEqual({
      leading: false,
      max_amount: null,
      has_bid: false,
    });
  });

  it('after a reconnect the shown lots and lists are read again; the first connect reads only the lots', async () => {
    const qc = new QueryClient();
    const socket = new FakeSocket();
    socket.connected = false;
    stop = startLotFeed(qc, socket as unknown as GavelSocket, () => null);
    qc.setQueryData(lotKeys.detail(7), lot(7));
    qc.setQueryData(lotKeys.list('listing', { page: 1 }), listPage([lot(7)]));
    socket.emit('connect');
    expect(qc.getQueryState(lotKeys.detail(7))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(lotKeys.list('listing', { page: 1 }))!.isInvalidated).toBe(false);
    socket.emit('connect');
    expect(qc.getQueryState(lotKeys.list('listing', { page: 1 }))!.isInvalidated).toBe(true);
  });

  it("a list's loaded pages read as its lots in page order, a lot met on two pages once", () => {
    expect(lotsOfPages([{ items: [lot(3), lot(1)] }, { items: [lot(1), lot(2)] }]).map((i) => i.id)).toEqual([3, 1, 2]);
    expect(lotsOfPages(undefined)).toEqual([]);
  });
});
