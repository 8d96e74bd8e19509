import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStaggered, lastCloseAt, staggerChanges, staggeredCloseAt } from '../../../shared/rules/staggered-close.js';

const end = '2026-12-05T14:00:00.000Z';
const at = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000);

describe('staggered closing of an online sale (issue 13 "Sales")', () => {
  it('when a sale ends at 14:00 with 60 s between lots, then lot 1 closes at 14:00, lot 2 at 14:01 and lot 10 at 14:09', () => {
    expect(staggeredCloseAt(end, 1, 60).toISOString()).toBe('2026-12-05T14:00:00.000Z');
    expect(staggeredCloseAt(end, 2, 60).toISOString()).toBe('2026-12-05T14:01:00.000Z');
    expect(staggeredCloseAt(new Date(end), 10, 60).toISOString()).toBe('2026-12-05T14:09:00.000Z');
  });

  it('when the stagger is 0, then every lot closes at the sale end', () => {
    expect(staggeredCloseAt(end, 7, 0).toISOString()).toBe(end);
  });

  it('when any lot number and stagger are given, then consecutive lots close exactly the stagger apart and lot 1 at the sale end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 86_400 }), (n, s) => {
        expect(staggeredCloseAt(end, n + 1, s).getTime() - staggeredCloseAt(end, n, s).getTime()).toBe(s * 1000);
        expect(staggeredCloseAt(end, 1, s).toISOString()).toBe(end);
      }),
    );
  });

  it('when a lot number, stagger or date is not usable, then it throws instead of guessing', () => {
    expect(() => staggeredCloseAt(end, 0, 60)).toThrow(RangeError);
    expect(() => staggeredCloseAt(end, 1.5, 60)).toThrow(RangeError);
    expect(() => staggeredCloseAt(end, 1, -1)).toThrow(RangeError);
    expect(() => staggeredCloseAt(end, 1, 0.5)).toThrow(RangeError);
    expect(() => staggeredCloseAt('not a date', 1, 60)).toThrow(RangeError);
  });

  it('when a sale is online with an end and a stagger, then it is staggered; live, undated or without a stagger it is not', () => {
    expect(isStaggered({ type: 'online', date_to: end, stagger_seconds: 30 })).toBe(true);
    expect(isStaggered({ type: 'online', date_to: end, stagger_seconds: 0 })).toBe(true);
    expect(isStaggered({ type: 'live', date_to: end, stagger_seconds: 30 })).toBe(false);
    expect(isStaggered({ type: 'online', date_to: null, stagger_seconds: 30 })).toBe(false);
    expect(isStaggered({ type: 'online', date_to: end, stagger_seconds: null })).toBe(false);
  });

  it('when lots are staggered, then only those not already at their time change, each with its end before and after', () => {
    const sale = { type: 'online', date_to: end, stagger_seconds: 30 };
    const lots = [
      { id: 11, lot_number: 1, date_to: end },
      { id: 12, lot_number: 2, date_to: null },
      { id: 13, lot_number: 3, date_to: '2026-12-01T09:00:00.000Z' },
      { id: 14, lot_number: 4, date_to: at(end, 90) },
    ];
    expect(staggerChanges(sale, lots)).toEqual([
      { id: 12, lot_number: 2, before: null, after: at(end, 30) },
      { id: 13, lot_number: 3, before: new Date('2026-12-01T09:00:00.000Z'), after: at(end, 60) },
    ]);
    expect(staggerChanges({ ...sale, stagger_seconds: null }, lots)).toEqual([]);
  });

  it("when a sale has 10 lots 30 s apart, then its last lot closes 4.5 minutes after the sale's end; with no lots, at the end", () => {
    expect(lastCloseAt(end, 10, 30).toISOString()).toBe('2026-12-05T14:04:30.000Z');
    expect(lastCloseAt(end, 0, 30).toISOString()).toBe(end);
  });
});
