import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bidRefusal } from '@shared/rules/bid-refusal.js';
import { bidButtonLabel, detailTiming, displayStatus, elapsedPercent, isSoldOut, standingChanges } from '@shared/rules/item-status.js';

const now = new Date('2026-11-21T12:00:00Z');
const h = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();
const online = { auction_type: { type: 'online' } };
const live = { auction_type: { type: 'live' } };
const cash = { auction_type: { type: 'cash' } };

describe('displayStatus (spec/shopping.md §4 item display status)', () => {
  it('when closed_by is set, then SOLD whatever the dates', () => {
    expect(displayStatus({ ...live, closed_by: 7, date_from: h(-1), date_to: h(1) }, now)).toBe('SOLD');
  });
  it('when a live auction is inside its window, then LIVE', () => {
    expect(displayStatus({ ...live, date_from: h(-1), date_to: h(30) }, now)).toBe('LIVE');
  });
  it('when a non-cash item ends within 24 hours, then ENDING SOON', () => {
    expect(displayStatus({ ...online, date_from: h(-10), date_to: h(23) }, now)).toBe('ENDING SOON');
    expect(displayStatus({ ...live, date_from: h(2), date_to: h(5) }, now)).toBe('ENDING SOON');
  });
  it('when a cash item, an item ending later, or an ended item, then no badge', () => {
    expect(displayStatus({ ...cash, date_to: h(2) }, now)).toBeNull();
    expect(displayStatus({ ...online, date_to: h(48) }, now)).toBeNull();
    expect(displayStatus({ ...online, date_to: h(-1) }, now)).toBeNull();
  });
  it('when status is sold without closed_by, then a card treats it as sold out', () => {
    expect(isSoldOut({ status: 'sold' })).toBe(true);
    expect(isSoldOut({ status: 'available' })).toBe(false);
  });
});

describe('bid button and detail timing (spec/shopping.md §4)', () => {
  it('when date_to has passed, then Auction Ended', () => {
    expect(bidButtonLabel({ ...online, date_to: h(-1) }, now)).toBe('Auction Ended');
  });
  it('when a live auction is in its window, then Bid Live; otherwise Place Bid', () => {
    expect(bidButtonLabel({ ...live, date_from: h(-1), date_to: h(1) }, now)).toBe('Bid Live');
    expect(bidButtonLabel({ ...online, date_to: h(5) }, now)).toBe('Place Bid');
  });
  it('when timing the detail page, then none / Ended / Ending Soon / Active', () => {
    expect(detailTiming(null, now)).toBeNull();
    expect(detailTiming(h(-0.1), now)).toBe('Ended');
    expect(detailTiming(h(23.9), now)).toBe('Ending Soon');
    expect(detailTiming(h(25), now)).toBe('Active');
  });
  it('when computing the progress bar, then 0 before start, the elapsed share inside, 100 after end', () => {
    expect(elapsedPercent({ date_from: h(1), date_to: h(3) }, now)).toBe(0);
    expect(elapsedPercent({ date_from: h(-1), date_to: h(3) }, now)).toBe(25);
    expect(elapsedPercent({ date_from: h(-3), date_to: h(-1) }, now)).toBe(100);
  });
});

describe('standingChanges (issue 17: a page draws its standing again only when it can change)', () => {
  it('when a lot has both dates, then its changes are its opening, the start of its last 24 hours and its close', () => {
    const lot = { date_from: h(-10), date_to: h(30) };
    expect(standingChanges(lot)).toEqual([Date.parse(h(-10)), Date.parse(h(6)), Date.parse(h(30))]);
    expect(standingChanges({ date_from: null, date_to: null })).toEqual([]);
  });

  it('when time passes between two changes, then no badge, timing, button label or bid refusal differs', () => {
    const kinds = [online, live, cash];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.option(fc.integer({ min: -72, max: 72 })),
        fc.option(fc.integer({ min: -72, max: 72 })),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (kind, from, to, a, b) => {
          const lot = { ...kinds[kind], status: 'available', closed_by: null, date_from: from === null ? null : h(from), date_to: to === null ? null : h(to) };
          // Two instants in the same span between consecutive changes (or before the first / after the last).
          const points = [now.getTime() - 100 * 3600_000, ...standingChanges(lot).sort((x, y) => x - y), now.getTime() + 100 * 3600_000];
          const span = Math.floor(a * (points.length - 1));
          const [lo, hi] = [points[span], points[span + 1]];
          if (hi - lo < 2) return;
          const at = (f: number) => new Date(lo + 1 + Math.floor(f * (hi - lo - 2)));
          const view = (t: Date) => [displayStatus(lot, t), detailTiming(lot.date_to, t), bidButtonLabel(lot, t), bidRefusal(lot, t)?.reason ?? null];
          expect(view(at(b))).toEqual(view(at(1 - b)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
