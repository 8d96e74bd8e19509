import { afterEach, describe, expect, it, vi } from 'vitest';
import { BidEventOrder } from '../../../server/realtime/bid-event-order.js';
import type { CommittedEvent as DomainEvent } from '../../../server/events/domain-events.js';

const bid = (item: number, count: number): DomainEvent => ({
  id: `b${item}-${count}`,
  type: 'bid.placed',
  subject: { type: 'item', id: item },
  actor: { type: 'user', id: 1 },
  created_at: '',
  payload: {
    item_id: item,
    bid_id: count,
    user_id: 1,
    user_name: null,
    bid_amount: 1000 + count,
    created_at: '',
    bid_count: count,
    min_next_bid: 1001 + count,
    date_to: null,
    previous_leader_id: null,
    previous_amount: null,
    extended_from: null,
    automatic: false,
    leader_id: 1,
  },
});
const counts = (out: DomainEvent[]) => out.map((e) => (e.type === 'bid.placed' ? `${e.payload.item_id}:${e.payload.bid_count}` : e.type));

describe("BidEventOrder (watchers receive an item's bids in order across processes)", () => {
  afterEach(() => vi.useRealTimers());

  it('when a later bid of an item arrives first, then it waits for the earlier one and both go out in order', () => {
    const out: DomainEvent[] = [];
    const order = new BidEventOrder((e) => out.push(e), 150, 600_000, 150);
    order.accept(bid(7, 1));
    order.accept(bid(7, 3));
    expect(counts(out)).toEqual(['7:1']);
    order.accept(bid(7, 2));
    expect(counts(out)).toEqual(['7:1', '7:2', '7:3']);
  });

  it('when items interleave or other events pass, then only same-item order is enforced', () => {
    const out: DomainEvent[] = [];
    const order = new BidEventOrder((e) => out.push(e), 150, 600_000, 150);
    order.accept(bid(1, 1));
    order.accept(bid(2, 1));
    order.accept({
      id: 'e1',
      type: 'advert.changed',
      subject: { type: 'advert', id: 1 },
      actor: { type: 'operator', id: 1 },
      created_at: '',
      payload: { advert_id: 1, action: 'ended', before: null, after: {} },
    });
    order.accept(bid(1, 2));
    expect(counts(out)).toEqual(['1:1', '2:1', 'advert.changed', '1:2']);
  });

  it('when an event is lost, then what waits is released in order after the gap time', () => {
    vi.useFakeTimers();
    const out: DomainEvent[] = [];
    const order = new BidEventOrder((e) => out.push(e), 150, 600_000, 150);
    order.accept(bid(5, 1));
    order.accept(bid(5, 4));
    order.accept(bid(5, 3));
    expect(counts(out)).toEqual(['5:1']);
    vi.advanceTimersByTime(151);
    expect(counts(out)).toEqual(['5:1', '5:3', '5:4']);
    order.accept(bid(5, 5));
    expect(counts(out)).toEqual(['5:1', '5:3', '5:4', '5:5']);
  });

  it('when the first event seen of an item is not its first bid, then it waits briefly for earlier ones', () => {
    vi.useFakeTimers();
    const out: DomainEvent[] = [];
    const order = new BidEventOrder((e) => out.push(e), 150, 600_000, 150);
    order.accept(bid(9, 12));
    order.accept(bid(9, 11));
    expect(out).toEqual([]);
    vi.advanceTimersByTime(151);
    expect(counts(out)).toEqual(['9:11', '9:12']);
  });

  it('when a gap is found and the bids can be read back, then the missing ones are filled in from the database, in order (issue 18, fault 5)', async () => {
    vi.useFakeTimers();
    const out: DomainEvent[] = [];
    const asked: [number, number, number | null][] = [];
    const refetch = async (itemId: number, from: number, to: number | null) => {
      asked.push([itemId, from, to]);
      return [bid(itemId, 2), bid(itemId, 3)];
    };
    const order = new BidEventOrder((e) => out.push(e), 150, 600_000, 150, refetch);
    order.accept(bid(4, 1));
    order.accept(bid(4, 4));
    await vi.advanceTimersByTimeAsync(151);
    expect(asked).toEqual([[4, 2, 3]]);
    expect(counts(out)).toEqual(['4:1', '4:2', '4:3', '4:4']);
  });

  it('when the bus comes back after a lost connection, then each watched item reads the bids after its last one released', async () => {
    const out: DomainEvent[] = [];
    const order = new BidEventOrder(
      (e) => out.push(e),
      150,
      600_000,
      150,
      async (itemId, from) => (from === 3 ? [bid(itemId, 3), bid(itemId, 4)] : []),
    );
    order.expect(6, 1);
    order.accept(bid(6, 1));
    order.accept(bid(6, 2));
    await order.catchUp();
    expect(counts(out)).toEqual(['6:1', '6:2', '6:3', '6:4']);
  });

  it('when a socket starts watching an item, then the first events heard are checked against where its sequence stood', () => {
    vi.useFakeTimers();
    const out: DomainEvent[] = [];
    const order = new BidEventOrder((e) => out.push(e), 150, 600_000, 150);
    order.expect(8, 7);
    order.accept(bid(8, 7));
    expect(counts(out)).toEqual(['8:7']);
    order.accept(bid(8, 9));
    expect(counts(out)).toEqual(['8:7']);
    vi.advanceTimersByTime(151);
    expect(counts(out)).toEqual(['8:7', '8:9']);
  });
});
