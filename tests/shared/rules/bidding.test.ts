import { describe, expect, it } from 'vitest';
import { bidPosition, isNewBid, minimumNextBid, normaliseIncrement, positionBarPercent } from '@shared/rules/bidding.js';

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
