import { describe, expect, it } from 'vitest';
import { winRateText } from '@shared/rules/win-rate.js';

describe('the Win Rate % card (spec/accounts-and-shell.md §2; issue 20 item 9)', () => {
  it('when none of the auctions bid on has finished, then a dash, not 0%', () => {
    expect(winRateText({ won_auctions: 0, lost_auctions: 0, win_rate: 0 })).toBe('—');
  });

  it('when auctions have finished, then the rate in percent, 0% included', () => {
    expect(winRateText({ won_auctions: 0, lost_auctions: 3, win_rate: 0 })).toBe('0%');
    expect(winRateText({ won_auctions: 2, lost_auctions: 1, win_rate: 66.7 })).toBe('66.7%');
  });
});
