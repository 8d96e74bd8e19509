import { describe, expect, it } from 'vitest';
import { maskBidderName, seesFullBidderName } from '../../../shared/rules/bidder-name.js';

describe('masked bidder names (issue 20 item 8)', () => {
  it('when a name is masked, then only initials and the bidder number on the lot remain', () => {
    expect(maskBidderName('Chikondi Banda', 3)).toBe('C••••• B. (Bidder 3)');
    expect(maskBidderName('  thoko   mwale phiri ', 1)).toBe('T••••• P. (Bidder 1)');
    expect(maskBidderName('Madonna', 2)).toBe('M••••• (Bidder 2)');
  });

  it('when the name is missing, then it stays missing (the page shows Anonymous Bidder)', () => {
    expect(maskBidderName(null, 1)).toBeNull();
    expect(maskBidderName('   ', 1)).toBeNull();
  });

  it('when names are masked, then only the bidder and operators see the full name', () => {
    expect(seesFullBidderName({ user_id: null, operator: false }, 5, false)).toBe(true);
    expect(seesFullBidderName({ user_id: null, operator: false }, 5, true)).toBe(false);
    expect(seesFullBidderName({ user_id: 5, operator: false }, 5, true)).toBe(true);
    expect(seesFullBidderName({ user_id: 6, operator: false }, 5, true)).toBe(false);
    expect(seesFullBidderName({ user_id: 6, operator: true }, 5, true)).toBe(true);
  });
});
