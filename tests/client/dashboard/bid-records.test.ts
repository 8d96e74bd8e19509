import { describe, expect, it } from 'vitest';
import { classifyRecords, parseRecordPage } from '../../../client/src/features/dashboard/utils/bid-records';
import { applyBidPlaced, applyOutbid, statsAfterClose, takeClosed } from '../../../client/src/features/dashboard/utils/live-updates';
import type { DashboardBid } from '@shared/schemas/dashboard.schema';

const entry = (over: Partial<DashboardBid> = {}): DashboardBid => ({
  id: 1,
  item_id: 10,
  user_id: 7,
  bid_amount: 600_000,
  created_at: '2026-11-21T10:00:00.000Z',
  closed_by: null,
  date_to: '2026-11-22T10:00:00.000Z',
  user: { name: 'Chikondi' },
  item: {
    id: 10,
    name: 'Outboard',
    image: null,
    code: null,
    bid_amount: 600_000,
    bid_count: 1,
    target_amount: 500_000,
    min_next_bid: 600_001,
    status: 'available',
    type: 'online',
    date_to: '2026-11-22T10:00:00.000Z',
    closed_by: null,
  },
  auctionType: { id: 1, name: 'Online', type: 'online' },
  current_bid: 600_000,
  status: 'winning',
  my_bid_count: 1,
  last_bid_at: '2026-11-21T10:00:00.000Z',
  ...over,
});

describe('dashboard records (spec/accounts-and-shell.md §2 "Bid card")', () => {
  it('when a record misses its item, then it is hidden and counted; when it misses required fields, then it is an invalid row', () => {
    const { records, hiddenMissingItem } = classifyRecords([entry(), { ...entry({ id: 2, item_id: 11 }), item: null }, { id: 3, item: { id: 12 } }, 'junk']);
    expect(hiddenMissingItem).toBe(1);
    expect(records.map((r) => r.kind)).toEqual(['bid', 'invalid', 'invalid']);
  });

  it('when the answer is a bare array, then pagination falls back to one page', () => {
    const page = parseRecordPage([entry()], 10);
    expect(page.pagination).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 1, from: 1, to: 1 });
  });
});

describe('live updates of dashboard entries', () => {
  const records = [{ kind: 'bid' as const, bid: entry() }];

  it('when another user bids higher, then the entry turns Outbid with the new current bid; the user’s own bid from another tab keeps it Winning', () => {
    const other = applyBidPlaced(
      records,
      {
        item_id: 10,
        bid: { id: 5, item_id: 10, user_id: 8, bid_amount: 700_000, created_at: 'x', user: { name: 'B' } },
        bid_amount: 700_000,
        bid_count: 2,
        min_next_bid: 700_001,
        date_to: null,
      },
      7,
    );
    expect(other.found).toBe(true);
    expect(other.records[0]).toMatchObject({ kind: 'bid', bid: { status: 'outbid', current_bid: 700_000, bid_amount: 600_000 } });
    const mine = applyBidPlaced(
      other.records,
      {
        item_id: 10,
        bid: { id: 6, item_id: 10, user_id: 7, bid_amount: 800_000, created_at: 'y', user: { name: 'C' } },
        bid_amount: 800_000,
        bid_count: 3,
        min_next_bid: 800_001,
        date_to: null,
      },
      7,
    );
    expect(mine.records[0]).toMatchObject({ bid: { status: 'winning', bid_amount: 800_000, my_bid_count: 2 } });
  });

  it('when bid:outbid arrives, then the entry turns Outbid; when the auction closes, then it leaves the list as Won or Lost', () => {
    expect(applyOutbid(records, { item_id: 10, bid_amount: 650_000, your_bid: 600_000 }).records[0]).toMatchObject({
      bid: { status: 'outbid', current_bid: 650_000 },
    });
    expect(applyOutbid(records, { item_id: 99, bid_amount: 1, your_bid: 1 }).found).toBe(false);
    const won = takeClosed(records, { item_id: 10, closed_by: 7, status: 'sold' }, 7);
    expect(won.records).toEqual([]);
    expect(won.closed).toMatchObject({ status: 'won', closed_by: 7 });
    expect(takeClosed(records, { item_id: 10, closed_by: 8, status: 'sold' }, 7).closed?.status).toBe('lost');
    expect(
      statsAfterClose(
        {
          total_bids: 3,
          active_bids: 2,
          won_auctions: 0,
          lost_auctions: 1,
          watchlist_count: 0,
          total_bid_amount: 0,
          average_bid_amount: 0,
          highest_bid: 0,
          win_rate: 0,
        },
        true,
      ),
    ).toMatchObject({ active_bids: 1, won_auctions: 1, win_rate: 50 });
  });
});
