import { describe, expect, it } from 'vitest';
import viteConfig from '../../client/vite.config.js';
import { API_ROUTES } from '../../server/api-docs/openapi-document.js';

interface ProxyEntry {
  target: string;
  bypass?: (req: { method?: string; url?: string }) => string | undefined;
}
const proxy = (viteConfig as { server: { proxy: Record<string, ProxyEntry> } }).server.proxy;

/** The proxy entry Vite's dev server uses for `url` (a key starting with ^ is a pattern, else a prefix). */
function entryFor(url: string): ProxyEntry | undefined {
  const key = Object.keys(proxy).find((k) => (k.startsWith('^') ? new RegExp(k).test(url) : url.startsWith(k)));
  return key ? proxy[key] : undefined;
}

describe('Vite dev server proxy (README "Scripts", issue 19)', () => {
  it('when the client runs on the dev server, then every call the server answers reaches the server', () => {
    const lost: string[] = [];
    for (const key of Object.keys(API_ROUTES)) {
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace(/:\w+/g, '7');
      const entry = entryFor(url);
      if (!entry || entry.bypass?.({ method, url }) !== undefined) lost.push(key);
    }
    for (const url of ['/dpo-simulator/payv2.php', '/admin/queues', '/socket.io/?EIO=4', '/uploads/adverts/a.jpg']) if (!entryFor(url)) lost.push(url);
    expect(lost).toEqual([]);
  });

  it('when a client page shares its path with a server call, then a GET still shows the page', () => {
    for (const page of ['/login', '/profile', '/register-bid', '/cart', '/checkout', '/admin/orders', '/']) {
      const entry = entryFor(page);
      expect(entry === undefined || entry.bypass?.({ method: 'GET', url: page }) === '/index.html', page).toBe(true);
    }
  });
});
