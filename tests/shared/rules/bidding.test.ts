import { describe, expect, it } from 'vitest';
import {
  bidCeiling,
  bidCeilingRefusal,
  bidPosition,
  DEFAULT_MAX_BID_FACTOR,
  isNewBid,
  MAX_BID_AMOUNT,
  minimumNextBid,
  normaliseBidFactor,
  normaliseIncrement,
  positionBarPercent,
} from '@shared/rules/bidding.js';
import { placeBidInputSchema } from '@shared/schemas/bid.schema.js';

describe('minimumNextBid (spec/shopping.md §5)', () => {
  it('when there is no bid yet, then the minimum is the starting amount plus the increment', () => {
    expect(minimumNextBid(null, 100000, 1)).toBe(100001);
    expect(minimumNextBid(0, 100000, 500)).toBe(100500);
  });
  it('when the current bid exceeds the starting amount, then the minimum builds on the current bid', () => {
    expect(minimumNextBid(150000, 100000, 1000)).toBe(151000);
  });
  it('when the current bid is below the starting amount, then the starting amount wins', () => {
    expect(minimumNextBid(50000, 100000, 1)).toBe(100001);
  });
  it('when the increment is missing, below 1 or unreadable, then 1 is used', () => {
    expect(normaliseIncrement(undefined)).toBe(1);
    expect(normaliseIncrement(0)).toBe(1);
    expect(normaliseIncrement('x')).toBe(1);
    expect(normaliseIncrement('250')).toBe(250);
    expect(minimumNextBid('2000', '1000', 0)).toBe(2001);
  });
});

describe('bid position (spec/accounts-and-shell.md §4)', () => {
  it('when my bid is at least the current bid and above 0, then I am winning', () => {
    expect(bidPosition(5000, 5000)).toBe('winning');
    expect(bidPosition(6000, 5000)).toBe('winning');
  });
  it('when my bid is below the current bid or zero, then I am outbid', () => {
    expect(bidPosition(4000, 5000)).toBe('outbid');
    expect(bidPosition(0, 0)).toBe('outbid');
  });
  it('when the position bar is computed, then it is clamped to 10-100%', () => {
    expect(positionBarPercent(1, 1000)).toBe(10);
    expect(positionBarPercent(500, 1000)).toBe(50);
    expect(positionBarPercent(2000, 1000)).toBe(100);
  });
});

describe('New badge window (spec/shopping.md §9: 5 minutes)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('when a bid is under 5 minutes old, then it is new; at 5 minutes or later it is not', () => {
    expect(isNewBid('2026-11-21T11:55:01Z', now)).toBe(true);
    expect(isNewBid('2026-11-21T11:55:00Z', now)).toBe(false);
    expect(isNewBid('2026-11-21T10:00:00Z', now)).toBe(false);
  });
});

describe('bid ceiling (setting max_bid_factor, default 10; fault-hardening review)', () => {
  it('when the factor is 10, then the ceiling is 10 times the minimum next bid and a bid at it is allowed', () => {
    expect(DEFAULT_MAX_BID_FACTOR).toBe(10);
    expect(bidCeiling(2001)).toBe(20_010);
    expect(bidCeiling(2001, 10)).toBe(20_010);
    expect(bidCeilingRefusal(20_010, 2001, 10)).toBeNull();
    expect(bidCeilingRefusal(2001, 2001, 10)).toBeNull();
  });
  it('when a bid is one kwacha above the ceiling or far above it, then it is refused with the amounts and the factor', () => {
    expect(bidCeilingRefusal(20_011, 2001, 10)).toBe('Your bid of MK 20,011 is more than 10 times the minimum next bid of MK 2,001. Check the amount.');
    expect(bidCeilingRefusal(999_999_999_999, 2001, 10)).toBe(
      'Your bid of MK 999,999,999,999 is more than 10 times the minimum next bid of MK 2,001. Check the amount.',
    );
  });
  it('when the factor is not whole, then the ceiling is rounded down and the message names the factor as set', () => {
    expect(bidCeiling(1001, 2.5)).toBe(2502);
    expect(bidCeilingRefusal(2503, 1001, 2.5)).toBe('Your bid of MK 2,503 is more than 2.5 times the minimum next bid of MK 1,001. Check the amount.');
  });
  it('when the factor setting is missing, unreadable or below 1, then 10 is used, or 1 so the minimum stays allowed', () => {
    expect(normaliseBidFactor(undefined)).toBe(10);
    expect(normaliseBidFactor(null)).toBe(10);
    expect(normaliseBidFactor('x')).toBe(10);
    expect(normaliseBidFactor('')).toBe(10);
    expect(normaliseBidFactor('4')).toBe(4);
    expect(normaliseBidFactor(0)).toBe(1);
    expect(normaliseBidFactor(-3)).toBe(1);
    expect(bidCeiling(5000, 0)).toBe(5000);
    expect(bidCeilingRefusal(5000, 5000, 0)).toBeNull();
  });
  it('when the ceiling is computed for every minimum up to the cap, then it is never below the minimum (the minimum next bid is always allowed)', () => {
    for (const min of [1, 2, 1001, 123_457, 99_999_999_999, MAX_BID_AMOUNT]) {
      for (const factor of [1, 1.5, 10, 100]) expect(bidCeiling(min, factor)).toBeGreaterThanOrEqual(min);
    }
  });
});

describe('the bid amount cap (MAX_BID_AMOUNT: what numeric(14,2) holds)', () => {
  const parse = (amount: unknown) => placeBidInputSchema.safeParse({ item_id: 1, amount });
  it('when the amount is at the cap, then the input schema accepts it; one kwacha above, it refuses it', () => {
    expect(MAX_BID_AMOUNT).toBe(999_999_999_999);
    expect(parse(MAX_BID_AMOUNT).success).toBe(true);
    expect(parse('999,999,999,999').success).toBe(true);
    expect(parse(MAX_BID_AMOUNT + 1).success).toBe(false);
  });
  it('when a lot is priced at most the cap minus the increment, then its minimum next bid is a bid the schema and the ceiling accept', () => {
    for (const increment of [1, 5000]) {
      for (const price of [1000, 123_456_789, MAX_BID_AMOUNT - increment]) {
        const min = minimumNextBid(price, 1000, increment);
        expect(parse(min).success).toBe(true);
        expect(bidCeilingRefusal(min, min, 10)).toBeNull();
      }
    }
  });
  it('when one bid may be at most 10 times the minimum, then a lot opening at MK 1,000 needs at least nine accepted bids to reach the cap', () => {
    let price = 1000;
    let bids = 0;
    while (price < MAX_BID_AMOUNT) {
      price = Math.min(MAX_BID_AMOUNT, bidCeiling(minimumNextBid(price, 1000, 1), 10));
      bids++;
    }
    expect(bids).toBe(9);
  });
});
