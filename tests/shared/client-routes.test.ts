import { describe, expect, it } from 'vitest';
import { isClientRoute } from '@shared/client-routes.js';

describe('which paths are client pages (spec/accounts-and-shell.md §2 "Route sets"; issue 20 item 9)', () => {
  it('when a path is a page of the default set, then it is a client route (parameters, optional segments, trailing slash, any case)', () => {
    for (const p of [
      '/',
      '/about',
      '/about/',
      '/ABOUT',
      '/item/42',
      '/bid-dashboard/watchlist',
      '/admin',
      '/admin/orders',
      '/terms',
      '/shop',
      '/auctions/12',
      '/admin/sales/3',
    ]) {
      expect(isClientRoute(p), p).toBe(true);
    }
  });

  it('when a path is a page of the /spa or /home-vue set, then it is a client route', () => {
    for (const p of ['/spa', '/spa/', '/spa/item/7', '/home-vue/profile', '/spa/about']) expect(isClientRoute(p), p).toBe(true);
  });

  it('when a path is no page, then it is not (unknown names, missing or extra segments, pages outside the /spa set)', () => {
    for (const p of ['/no-such-page', '/item', '/item/1/2', '/admin/a/b', '/auctions/1/2', '/about/us', '/spa/shop', '/spa/terms', '/home-vue/nowhere']) {
      expect(isClientRoute(p), p).toBe(false);
    }
  });
});
