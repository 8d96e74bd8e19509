import { describe, expect, it } from 'vitest';
import { cardTimeLeft, detailTimeLeft, isUrgent } from '@shared/rules/time-left.js';
import { isMalawiPhone } from '@shared/rules/phone.js';

const now = new Date('2026-11-21T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
const H = 3600_000;
const M = 60_000;

describe('card time-left text (spec/shopping.md §4)', () => {
  it('when the item is a cash sale, then Now', () => {
    expect(cardTimeLeft({ auction_type: { type: 'cash' }, date_to: later(H) }, now)).toBe('Now');
  });
  it('when there is no end date, then TBD; when past, then Ended', () => {
    expect(cardTimeLeft({ auction_type: { type: 'online' }, date_to: null }, now)).toBe('TBD');
    expect(cardTimeLeft({ auction_type: { type: 'online' }, date_to: later(-M) }, now)).toBe('Ended');
  });
  it('when days, hours or minutes are left, then Xd Yh, Xh, Soon', () => {
    expect(cardTimeLeft({ auction_type: { type: 'online' }, date_to: later(50 * H) }, now)).toBe('2d 2h');
    expect(cardTimeLeft({ auction_type: { type: 'online' }, date_to: later(5 * H + 30 * M) }, now)).toBe('5h');
    expect(cardTimeLeft({ auction_type: { type: 'live' }, date_to: later(59 * M) }, now)).toBe('Soon');
  });
});

describe('detail time-left text (spec/shopping.md §4)', () => {
  it('when over 24 h, over 0 h, or under an hour, then Xd Yh, Xh Ym, Ym', () => {
    expect(detailTimeLeft(later(50 * H), now)).toBe('2d 2h');
    expect(detailTimeLeft(later(3 * H + 15 * M), now)).toBe('3h 15m');
    expect(detailTimeLeft(later(42 * M + 10_000), now)).toBe('42m');
  });
  it('when past or missing, then Ended or No end date', () => {
    expect(detailTimeLeft(later(-1), now)).toBe('Ended');
    expect(detailTimeLeft(null, now)).toBe('No end date');
  });
  it('when under an hour is left and the user is not leading, then urgent', () => {
    expect(isUrgent(later(30 * M), false, now)).toBe(true);
    expect(isUrgent(later(30 * M), true, now)).toBe(false);
    expect(isUrgent(later(2 * H), false, now)).toBe(false);
  });
});

describe('Malawi phone rule (spec/shopping.md §5)', () => {
  it('when the number has an accepted prefix and 9 digits starting 7, 8 or 9, then it is valid', () => {
    for (const n of ['+265 888 123 456', '265991234567', '0888 123 456', '0999-123-456', '(0)881234567'.replace('(0)', '0'), '888123456']) {
      expect(isMalawiPhone(n), n).toBe(true);
    }
  });
  it('when the number is short, starts wrong or has letters, then it is invalid', () => {
    for (const n of ['0888 123 45', '0188123456', '+27 82 123 4567', 'abc', '']) expect(isMalawiPhone(n), n).toBe(false);
  });
});
