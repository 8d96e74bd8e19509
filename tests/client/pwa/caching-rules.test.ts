import { describe, expect, it } from 'vitest';
import { pwaOptions } from '../../../client/vite.config';

const ORIGIN = 'https://gavel.example';

/**
 * What the service worker does with a request, as Workbox decides it: the first runtime rule whose
 * method and pattern match (its cache, or its strategy when it stores nothing), else 'network'.
 */
function ruleFor(path: string, opts: { method?: string; mode?: RequestMode; origin?: string } = {}): string {
  const url = new URL(path, opts.origin ?? ORIGIN);
  const request = { method: opts.method ?? 'GET', mode: opts.mode ?? 'cors', url: url.href };
  for (const rule of pwaOptions.workbox?.runtimeCaching ?? []) {
    if ((rule.method ?? 'GET') !== request.method) continue;
    const pattern = rule.urlPattern;
    if (typeof pattern !== 'function') throw new Error('every rule is a function of the request');
    const matches = pattern({ url, request: request as unknown as Request, sameOrigin: url.origin === ORIGIN, event: {} as never });
    if (matches) return rule.options?.cacheName ?? String(rule.handler);
  }
  return 'network';
}

describe('what the service worker stores (issue "Installable and offline")', () => {
  it('when a bidder reads the listing, a sale, a lot, its bids or its pictures, then the answer is stored for offline reading', () => {
    expect(ruleFor('/ajax-items?sort_by=newest&per_page=9&page=1')).toBe('gavel-reading');
    expect(ruleFor('/api/sales/3')).toBe('gavel-reading');
    expect(ruleFor('/api/sales/3/lots?page=1&per_page=48')).toBe('gavel-reading');
    expect(ruleFor('/api/public/adverts')).toBe('gavel-reading');
    expect(ruleFor('/ajax-item/167')).toBe('gavel-lots');
    expect(ruleFor('/api/open-item/167/bids?page=1&per_page=10')).toBe('gavel-lots');
    expect(ruleFor('/uploads/items/167/lq3-ab12-320.webp')).toBe('gavel-pictures');
  });

  it('when a page is opened, then it comes from the server (the stored shell only without a network)', () => {
    expect(ruleFor('/item/167', { mode: 'navigate' })).toBe('NetworkOnly');
    expect(ruleFor('/', { mode: 'navigate' })).toBe('NetworkOnly');
    const navigation = pwaOptions.workbox?.runtimeCaching?.find((r) => r.handler === 'NetworkOnly');
    expect(navigation?.options?.precacheFallback?.fallbackURL).toBe('index.html');
    expect(pwaOptions.workbox?.navigateFallback).toBeNull();
  });

  it('when a request is a change, personal, an operator call, a socket or another site, then nothing is stored', () => {
    for (const path of ['/ajax-bid', '/ajax-items', '/login', '/logout', '/api/login', '/cart/add/5', '/checkout/cash']) {
      expect(ruleFor(path, { method: 'POST' }), `POST ${path}`).toBe('network');
    }
    for (const path of [
      '/socket.io/?EIO=4&transport=polling',
      '/api/admin/sales',
      '/api/admin/items/5/bids',
      '/api/user-session',
      '/api/cart',
      '/api/me/profile-summary',
      '/api/bid-dashboard',
      '/api/watchlist/ids',
      '/api/notifications',
      '/api/payments/result',
      '/api/orders/won-lot/5',
      '/api/my/draft-orders',
      '/session/check-subscription/3',
      '/api/live-auctions-session',
      '/ajax-item/167/edit',
      '/api/sales/3/results',
    ]) {
      expect(ruleFor(path), path).toBe('network');
    }
    expect(ruleFor('/ajax-items', { origin: 'https://elsewhere.example' })).toBe('network');
  });
});
