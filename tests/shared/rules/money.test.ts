import { describe, expect, it } from 'vitest';
import { formatMK, groupDigits, parseGroupedAmount } from '@shared/rules/money.js';

describe('formatMK (spec/shopping.md §9 currency display)', () => {
  it('when an amount has thousands, then they are comma-grouped with the MK prefix', () => {
    expect(formatMK(1250000)).toBe('MK 1,250,000');
    expect(formatMK('28000000.00')).toBe('MK 28,000,000');
  });
  it('when the amount is zero, missing or unreadable, then it shows MK 0', () => {
    expect(formatMK(0)).toBe('MK 0');
    expect(formatMK(null)).toBe('MK 0');
    expect(formatMK('abc')).toBe('MK 0');
  });
  it('when the amount has decimals, then none are shown (rounded)', () => {
    expect(formatMK(999999.99)).toBe('MK 1,000,000');
    expect(formatMK(1234.4)).toBe('MK 1,234');
  });
  it('when any amount is formatted, then it reads exactly as en-US number grouping does (the rule it replaces)', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const amounts = [1, 12, 999, 1000, 1001, 99_999, 100_000, 1_000_000, 7_350_000.5, 999_999_999_999, 2 ** 53 + 2, -1, -1.5, -1234.6, -0.4];
    for (let i = 0; i < 200; i++) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
    for (const amount of amounts) {
      const whole = Math.round(Math.abs(amount)) * Math.sign(amount);
      expect(formatMK(amount), String(amount)).toBe(`MK ${intl.format(whole === 0 ? 0 : whole)}`);
    }
  });
});

describe('bid input grouping (spec/shopping.md §4 bidding flow)', () => {
  it('when digits are typed, then they are grouped with commas and other characters dropped', () => {
    expect(groupDigits('1250000')).toBe('1,250,000');
    expect(groupDigits('12a5,0')).toBe('1,250');
    expect(groupDigits('')).toBe('');
    expect(groupDigits('00012')).toBe('12');
  });
  it('when a grouped amount is read back, then it is a number; empty is NaN', () => {
    expect(parseGroupedAmount('1,250,000')).toBe(1250000);
    expect(parseGroupedAmount('')).toBeNaN();
  });
});
