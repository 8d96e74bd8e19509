import { describe, expect, it } from 'vitest';
import { bidRefusal, canBid, type BiddableLot } from '@shared/rules/bid-refusal.js';
import { MESSAGES } from '@shared/messages.js';

const now = new Date('2026-11-21T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const h = (hours: number) => at(hours * 3600_000).toISOString();
const open: BiddableLot = { kind: 'online', status: 'available', closed_by: null, date_from: h(-1), date_to: h(5) };

describe('bidRefusal (spec/shopping.md §4-5, §8: can this lot take a bid now?)', () => {
  it('when an online or live lot is available, not closed, started and not ended, then null', () => {
    expect(bidRefusal(open, now)).toBeNull();
    expect(bidRefusal({ ...open, kind: 'live' }, now)).toBeNull();
  });

  it('when the lot has no dates, then it is open (a missing date is no bound)', () => {
    expect(bidRefusal({ ...open, date_from: null, date_to: null }, now)).toBeNull();
    expect(bidRefusal({ kind: 'online', status: 'available', closed_by: null }, now)).toBeNull();
  });

  it('when the lot is a daily sale, then cash_item with the cart text', () => {
    expect(bidRefusal({ ...open, kind: 'cash' }, now)).toEqual({ reason: 'cash_item', message: MESSAGES.cashNotBiddable });
  });

  it('when the kind is unknown or missing, then it is treated as a daily sale', () => {
    expect(bidRefusal({ ...open, kind: undefined }, now)?.reason).toBe('cash_item');
    expect(bidRefusal({ ...open, kind: 'auction' }, now)?.reason).toBe('cash_item');
  });

  it('when the kind comes from the API item shape (auction_type.type), then it is read from there', () => {
    const { kind: _kind, ...lot } = open;
    expect(bidRefusal({ ...lot, auction_type: { type: 'online' } }, now)).toBeNull();
    expect(bidRefusal({ ...lot, auction_type: { type: 'cash' } }, now)?.reason).toBe('cash_item');
  });

  it('when closed_by is set, then closed with the ended text', () => {
    expect(bidRefusal({ ...open, closed_by: 42 }, now)).toEqual({ reason: 'closed', message: MESSAGES.auctionEnded });
  });

  it.each(['sold', 'unsold', 'withdrawn'])('when the status is %s, then closed', (status) => {
    expect(bidRefusal({ ...open, status }, now)).toEqual({ reason: 'closed', message: MESSAGES.auctionEnded });
  });

  it('when date_to is exactly now, then ended; one millisecond later it is still open', () => {
    expect(bidRefusal({ ...open, date_to: now.toISOString() }, now)).toEqual({ reason: 'ended', message: MESSAGES.auctionEnded });
    expect(bidRefusal({ ...open, date_to: at(-1).toISOString() }, now)?.reason).toBe('ended');
    expect(bidRefusal({ ...open, date_to: at(1).toISOString() }, now)).toBeNull();
  });

  it('when date_from is exactly now, then open; one millisecond before it is not started', () => {
    expect(bidRefusal({ ...open, date_from: now.toISOString() }, now)).toBeNull();
    expect(bidRefusal({ ...open, date_from: at(1).toISOString() }, now)).toEqual({ reason: 'not_started', message: MESSAGES.auctionNotStarted });
  });

  it('when several checks fail, then the first in order wins: cash, closed, ended, not started', () => {
    const everything = { kind: 'cash', status: 'withdrawn', closed_by: 1, date_from: h(2), date_to: h(-2) };
    expect(bidRefusal(everything, now)?.reason).toBe('cash_item');
    expect(bidRefusal({ ...everything, kind: 'online' }, now)?.reason).toBe('closed');
    expect(bidRefusal({ ...everything, kind: 'online', status: 'available', closed_by: null }, now)?.reason).toBe('ended');
    expect(bidRefusal({ ...open, date_from: h(2), date_to: h(1) }, now)?.reason).toBe('not_started');
  });

  it('when dates are Date objects (the server row) and now is epoch ms, then the same answers', () => {
    const row = { kind: 'online' as const, status: 'available', closed_by: null, date_from: at(0), date_to: at(1000) };
    expect(bidRefusal(row, now.getTime())).toBeNull();
    expect(bidRefusal(row, now.getTime() + 1000)?.reason).toBe('ended');
    expect(bidRefusal(row, now.getTime() - 1)?.reason).toBe('not_started');
  });

  it('when a date cannot be read, then it is no bound', () => {
    expect(bidRefusal({ ...open, date_from: 'soon', date_to: 'later' }, now)).toBeNull();
  });
});

describe('canBid (the viewer may bid: no refusal, and a subscription for live lots)', () => {
  it('when the lot is open, then online lots allow bidding and live lots need a subscription', () => {
    expect(canBid(open, false, now)).toBe(true);
    expect(canBid({ ...open, kind: 'live' }, false, now)).toBe(false);
    expect(canBid({ ...open, kind: 'live' }, true, now)).toBe(true);
  });
  it('when the lot is refused (cash, closed, withdrawn, ended, not started), then no bidding whatever the subscription', () => {
    expect(canBid({ ...open, kind: 'cash' }, true, now)).toBe(false);
    expect(canBid({ ...open, closed_by: 3 }, true, now)).toBe(false);
    expect(canBid({ ...open, status: 'withdrawn' }, true, now)).toBe(false);
    expect(canBid({ ...open, date_to: h(-5) }, true, now)).toBe(false);
    expect(canBid({ ...open, date_from: h(5), date_to: h(6) }, true, now)).toBe(false);
  });
});
