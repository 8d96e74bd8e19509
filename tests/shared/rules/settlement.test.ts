import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_RATE_PERCENT, roundTambala, saleCharges, sellThroughPercent } from '../../../shared/rules/settlement.js';

describe('settlement rules (issue 13 "Settlement and results")', () => {
  it('when lots are knocked down, then the premium is on the hammer total and VAT (16.5 % by default) on the premium, each to the tambala', () => {
    expect(DEFAULT_VAT_RATE_PERCENT).toBe(16.5);
    expect(saleCharges([1_000_000, 500_000], 10)).toEqual({ hammer: 1_500_000, premium: 150_000, vat: 24_750, total: 1_674_750 });
    expect(saleCharges([333_333], 7.5, 16.5)).toEqual({ hammer: 333_333, premium: 24_999.98, vat: 4_125, total: 362_457.98 });
    expect(saleCharges([], 10)).toEqual({ hammer: 0, premium: 0, vat: 0, total: 0 });
    expect(saleCharges([100_000], 0)).toEqual({ hammer: 100_000, premium: 0, vat: 0, total: 100_000 });
    expect(saleCharges([100_000], 10, 0)).toEqual({ hammer: 100_000, premium: 10_000, vat: 0, total: 110_000 });
  });

  it('rounds halves away from zero and reports sell-through over the lots offered', () => {
    expect(roundTambala(0.125)).toBe(0.13);
    expect(roundTambala(2.675)).toBe(2.68);
    expect(roundTambala(10)).toBe(10);
    expect(sellThroughPercent(3, 1)).toBe(75);
    expect(sellThroughPercent(1, 2)).toBe(33.3);
    expect(sellThroughPercent(0, 0)).toBeNull();
  });
});
