import { describe, expect, it } from 'vitest';
import { registrationReturnPath, sameSitePath } from '../../../client/src/features/live-registration/utils/return-path.js';

const from = (query: string) => registrationReturnPath(new URLSearchParams(query));

describe('where /register-bid returns after a registration (issue 20)', () => {
  it('when opened from a lot, then back to that lot', () => {
    expect(from('item_id=42&auction_type_id=3')).toBe('/item/42');
  });

  it('when opened with a same-site return path, then back there; else /shop as the spec says', () => {
    expect(from('return=/auctions?type=live')).toBe('/auctions?type=live');
    expect(from('')).toBe('/shop');
    expect(from('item_id=abc')).toBe('/shop');
    expect(from('item_id=-3')).toBe('/shop');
  });

  it('when the return path points to another site or back to the form, then it is not followed', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/register-bid?item_id=1', '/item/1\n']) {
      expect(sameSitePath(bad)).toBeNull();
      expect(from(`return=${encodeURIComponent(bad)}`)).toBe('/shop');
    }
  });
});
