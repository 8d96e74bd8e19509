import { describe, expect, it } from 'vitest';
import { advertCountdown, advertHref } from '../../../shared/rules/advert-countdown.js';

const now = new Date('2026-11-24T10:00:00Z');
const advert = { date_to: '2026-12-02T10:00:00Z' };

describe('advert countdown (spec/accounts-and-shell.md §4; issue 20 item 4)', () => {
  it('when an advert has no sale, then it counts to its own end and links to /register-bid', () => {
    expect(advertCountdown(advert, now)).toEqual({ target: '2026-12-02T10:00:00Z', counts_to: 'advert' });
    expect(advertHref(advert)).toBe('/register-bid');
  });

  it('when its sale is ahead, then it counts to the sale start; once the sale is live, to the sale end', () => {
    const linked = { ...advert, auction_type_id: 7, sale: { id: 7, date_from: '2026-11-28T08:00:00Z', date_to: '2026-11-28T16:00:00Z' } };
    expect(advertCountdown(linked, now)).toEqual({ target: '2026-11-28T08:00:00Z', counts_to: 'starts' });
    expect(advertCountdown(linked, new Date('2026-11-28T09:00:00Z'))).toEqual({ target: '2026-11-28T16:00:00Z', counts_to: 'ends' });
    expect(advertHref(linked)).toBe('/register-bid?auction_type_id=7');
  });

  it('when the linked sale has no dates, then the advert end is used', () => {
    expect(advertCountdown({ ...advert, sale: { id: 3, date_from: null, date_to: null } }, now).counts_to).toBe('advert');
  });
});
