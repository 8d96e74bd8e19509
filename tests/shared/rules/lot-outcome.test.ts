import { describe, expect, it } from 'vitest';
import { lotOutcome, notSoldText } from '@shared/rules/lot-outcome.js';

describe('closed lots tell the truth (issue "Bidding engine")', () => {
  it('when a lot is still open, then there is no outcome', () => {
    expect(lotOutcome({ status: 'available', closed_by: null, reserve_met: false }, 7, true)).toBeNull();
  });

  it('when a lot sold, then Won only for its buyer and sold for everyone else, the top bidder included', () => {
    expect(lotOutcome({ status: 'sold', closed_by: 7, reserve_met: true }, 7, true)).toBe('won');
    expect(lotOutcome({ status: 'sold', closed_by: 7, reserve_met: true }, 8, false)).toBe('sold');
    expect(lotOutcome({ status: 'sold', closed_by: 7 }, null, false)).toBe('sold');
  });

  it('when a lot closed unsold below its reserve, then its top bidder reads "Reserve not met — not sold" and others "Ended — not sold"', () => {
    const lot = { status: 'unsold', closed_by: null, reserve_met: false };
    expect(notSoldText(lotOutcome(lot, 7, true))).toBe('Reserve not met — not sold');
    expect(notSoldText(lotOutcome(lot, 8, false))).toBe('Ended — not sold');
    expect(notSoldText(lotOutcome(lot, null, false))).toBe('Ended — not sold');
  });

  it('when the reserve is not known (a dashboard entry), then the top bidder of an unsold lot still reads reserve not met, never won', () => {
    expect(lotOutcome({ status: 'unsold', closed_by: null }, 7, true)).toBe('not_sold_reserve');
    expect(lotOutcome({ status: 'unsold', closed_by: null, reserve_met: true }, 7, true)).toBe('not_sold');
    expect(notSoldText('won')).toBeNull();
  });
});
