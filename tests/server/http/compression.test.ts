import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const distDir = path.resolve(import.meta.dirname, '../../../client/dist');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The largest built JavaScript asset (the app's entry or a big chunk). */
function largestScript(): string {
  const assets = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  return assets.sort((a, b) => fs.statSync(path.join(distDir, 'assets', b)).size - fs.statSync(path.join(distDir, 'assets', a)).size)[0];
}

describe('compression and caching (issue 17)', () => {
  it('when a browser asks for a hashed asset, then it gets the brotli file made at build (or gzip), cached for a year as immutable', async () => {
    const name = largestScript();
    const original = fs.readFileSync(path.join(distDir, 'assets', name));
    const br = await fetch(`${server.url}/assets/${name}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    // fetch decodes the body: it is the file itself, and what crossed the wire was much smaller.
    expect(Buffer.from(await br.arrayBuffer()).equals(original)).toBe(true);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(original.length * 0.6);

    const gz = await fetch(`${server.url}/assets/${name}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${server.url}/assets/${name}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(original.length);
  });

  it('when a browser asks for a hashed asset, then it gets only the headers a file needs; the page keeps its security headers', async () => {
    const name = largestScript();
    const asset = await fetch(`${server.url}/assets/${name}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // Document-only headers and revalidation headers are left off an immutable file.
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'last-modified', 'etag']) {
      expect(asset.headers.get(header), header).toBeNull();
    }
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // A hashed-looking name that is not built falls through to the not-found page with the page's headers.
    const missing = await fetch(`${server.url}/assets/nothing-AbCdEf12.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).not.toBeNull();
    // The compressed copy asked for by its own name is not a hashed asset: no year-long cache, the page's headers.
    const copy = await fetch(`${server.url}/assets/${name}.br`);
    expect(copy.headers.get('cache-control')).not.toMatch(/immutable/);
    expect(copy.headers.get('content-security-policy')).not.toBeNull();
  });

  it('when the page or the service worker is asked for, then they are revalidated every time (never stale); JSON answers are compressed too', async () => {
    const page = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    for (let i = 0; i < 12; i++)
      await createItem(server.database.db, { name: `Compressed lot ${i}`, description: 'A lot with enough words to make the answer large. '.repeat(4) });
    const res = await fetch(`${server.url}/ajax-items?per_page=12`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const raw = await (await fetch(`${server.url}/ajax-items?per_page=12`, { headers: { 'accept-encoding': 'identity' } })).text();
    expect(JSON.parse(raw).data.length).toBeGreaterThan(0);
    expect(zlib.brotliCompressSync(raw).length).toBeLessThan(raw.length);
    // A small answer is sent as it is.
    const small = await fetch(`${server.url}/healthz`, { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
