import { describe, expect, it } from 'vitest';
import { detailTimeLeft, lotCountdown } from '@shared/rules/time-left.js';
import { bidRefusal } from '@shared/rules/bid-refusal.js';

const now = new Date('2026-11-23T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const lot = { auction_type: { type: 'live' }, status: 'available', closed_by: null, date_from: later(4 * 24 * H + 19 * H), date_to: later(5 * 24 * H) };

describe('a lot that has not started counts down to its opening (issue 20 item 1)', () => {
  it('when the bid rule refuses a live lot as not started, then it reads Opens in, counted to date_from, not to date_to', () => {
    expect(bidRefusal(lot, now)?.reason).toBe('not_started');
    expect(lotCountdown(lot, now)).toEqual({ phase: 'opens', label: 'Opens in', text: '4d 19h', opensAt: lot.date_from });
    expect(lotCountdown(lot, now, 'card')).toEqual({ phase: 'opens', label: 'Opens in', text: '4d 19h', opensAt: lot.date_from });
  });

  it('when the opening is minutes away, then the page shows seconds and the card whole minutes', () => {
    const soon = { ...lot, date_from: later(3 * M + 7 * S) };
    expect(lotCountdown(soon, now).text).toBe('3m 07s');
    expect(lotCountdown(soon, now, 'card').text).toBe('3m');
  });

  it('when the lot has opened, then it counts to its end with the spec texts (card and page)', () => {
    const open = { ...lot, date_from: later(-H), date_to: later(50 * H) };
    expect(lotCountdown(open, now)).toEqual({ phase: 'ends', label: 'Time left', text: '2d 2h', opensAt: null });
    expect(lotCountdown({ ...open, date_to: later(5 * H + 30 * M) }, now, 'card').text).toBe('5h');
  });

  it('when a not-started lot is already closed (withdrawn), then it does not count to an opening', () => {
    expect(lotCountdown({ ...lot, status: 'withdrawn' }, now).phase).toBe('ends');
  });

  it('when a daily-sale lot has a future date_from, then it is not an upcoming auction (cash shows Now on cards)', () => {
    const cash = { ...lot, auction_type: { type: 'cash' } };
    expect(lotCountdown(cash, now, 'card')).toEqual({ phase: 'ends', label: 'Time left', text: 'Now', opensAt: null });
  });
});

describe('the last minutes tick in seconds (issue 20 item 9: the soft-close countdown)', () => {
  it('when under 10 minutes are left, then minutes and two-digit seconds, and seconds alone in the last minute', () => {
    expect(detailTimeLeft(later(9 * M + 59 * S + 400), now)).toBe('9m 59s');
    expect(detailTimeLeft(later(M + 5 * S), now)).toBe('1m 05s');
    expect(detailTimeLeft(later(42 * S), now)).toBe('42s');
  });

  it('when 10 minutes or more are left, then whole minutes as the spec writes them', () => {
    expect(detailTimeLeft(later(10 * M), now)).toBe('10m');
    expect(detailTimeLeft(later(59 * M + 30 * S), now)).toBe('59m');
  });
});
