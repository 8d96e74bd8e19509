import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenCache } from '../../../server/auth/token-cache.js';

const user = {
  id: 7,
  name: 'Thoko Phiri',
  email: 't@example.mw',
  phone: null,
  address: null,
  image: null,
  is_customer: true,
  roles: [{ name: 'customer' }],
  permissions: ['place_bids'],
};

describe('TokenCache (no database lookup per bid request)', () => {
  afterEach(() => vi.useRealTimers());

  it('when a token was resolved, then it is reused until its time is up, then asked again', () => {
    vi.useFakeTimers();
    const cache = new TokenCache(5000);
    cache.set('hash', user, 3);
    expect(cache.get('hash')).toMatchObject({ tokenId: 3, user: { id: 7 } });
    vi.advanceTimersByTime(5001);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('when anything is revoked, then clear forgets every token', () => {
    const cache = new TokenCache();
    cache.set('a', user, 1);
    cache.set('b', user, 2);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('when it is full, then the least recently used token goes and the busy ones stay (it never empties itself)', () => {
    const cache = new TokenCache(5000, 2);
    cache.set('a', user, 1);
    cache.set('b', user, 2);
    cache.get('a'); // a bidder still bidding
    cache.set('c', user, 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toMatchObject({ tokenId: 1 });
    expect(cache.get('c')).toMatchObject({ tokenId: 3 });
    expect(cache.size).toBe(2);
  });
});
