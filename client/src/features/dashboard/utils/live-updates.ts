import { bidPosition } from '@shared/rules/bidding';
import type { AuctionClosedEvent, BidOutbidEvent, BidPlacedEvent } from '@shared/events';
import type { DashboardBid, DashboardStats } from '@shared/schemas/dashboard.schema';
import type { BidRecord } from './bid-records';

/*
 * Pure updates of dashboard records from socket events (DESIGN.md socket contract); the
 * Winning/Outbid and Won/Lost rules are the shared ones (spec/accounts-and-shell.md §4).
 */

function mapBid(records: BidRecord[], itemId: number, fn: (b: DashboardBid) => DashboardBid): { records: BidRecord[]; found: boolean } {
  let found = false;
  const next = records.map((r) => {
    if (r.kind !== 'bid' || r.bid.item_id !== itemId) return r;
    found = true;
    return { kind: 'bid' as const, bid: fn(r.bid) };
  });
  return { records: found ? next : records, found };
}

/**
 * `bid:placed` on an item of the list: the current bid, bid count and end time follow; when the
 * bid is the user's own (another tab), it becomes their bid. Position recomputed.
 */
export function applyBidPlaced(records: BidRecord[], e: BidPlacedEvent, userId: number): { records: BidRecord[]; found: boolean } {
  return mapBid(records, e.item_id, (b) => {
    const mine = e.bid.user_id === userId;
    const myBid = mine ? Math.max(b.bid_amount, e.bid.bid_amount) : b.bid_amount;
    const current = Math.max(b.current_bid, e.bid_amount);
    return {
      ...b,
      id: mine ? e.bid.id : b.id,
      bid_amount: myBid,
      created_at: mine ? e.bid.created_at : b.created_at,
      last_bid_at: mine ? e.bid.created_at : b.last_bid_at,
      my_bid_count: mine ? b.my_bid_count + 1 : b.my_bid_count,
      current_bid: current,
      date_to: e.date_to,
      item: { ...b.item, bid_amount: current, bid_count: e.bid_count, min_next_bid: e.min_next_bid, date_to: e.date_to },
      status: bidPosition(myBid, current),
    };
  });
}

/** `bid:outbid` (the user's room): the entry turns Outbid with the new current bid. */
export function applyOutbid(records: BidRecord[], e: BidOutbidEvent): { records: BidRecord[]; found: boolean } {
  return mapBid(records, e.item_id, (b) => {
    const current = Math.max(b.current_bid, e.bid_amount);
    return { ...b, current_bid: current, item: { ...b.item, bid_amount: current }, status: bidPosition(b.bid_amount, current) };
  });
}

/**
 * `auction:closed`: takes the entry out of the active list and answers it as a history entry,
 * Won when `closed_by` is the user, otherwise Lost.
 */
export function takeClosed(records: BidRecord[], e: AuctionClosedEvent, userId: number): { records: BidRecord[]; closed: DashboardBid | null } {
  let closed: DashboardBid | null = null;
  const rest = records.filter((r) => {
    if (r.kind !== 'bid' || r.bid.item_id !== e.item_id) return true;
    closed = {
      ...r.bid,
      closed_by: e.closed_by,
      item: { ...r.bid.item, closed_by: e.closed_by, status: e.status },
      status: e.closed_by === userId ? 'won' : 'lost',
    };
    return false;
  });
  return { records: closed ? rest : records, closed };
}

/** Stats after an entry moved from active to history (the server's stats are fetched after). */
export function statsAfterClose(stats: DashboardStats, won: boolean): DashboardStats {
  const wonN = stats.won_auctions + (won ? 1 : 0);
  const lostN = stats.lost_auctions + (won ? 0 : 1);
  return {
    ...stats,
    active_bids: Math.max(0, stats.active_bids - 1),
    won_auctions: wonN,
    lost_auctions: lostN,
    win_rate: Math.round((wonN / (wonN + lostN)) * 1000) / 10,
  };
}
