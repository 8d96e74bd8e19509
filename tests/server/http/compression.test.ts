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
