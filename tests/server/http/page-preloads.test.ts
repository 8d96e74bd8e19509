import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const distDir = path.resolve(import.meta.dirname, '../../../client/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The `href`s of the page's `<link rel="modulepreload">` (`code`) or `<link rel="preload" as="fetch">` (`answers`). */
const links = (html: string, kind: 'code' | 'answers') => {
  const rel = kind === 'code' ? 'modulepreload' : 'preload" as="fetch';
  return [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1].replace(/&amp;/g, '&'));
};

describe('pages announce their code and first API answers (issue 17)', () => {
  it('when the home page is asked for, then its HTML preloads the home code and the adverts and first listing answers, and every announced file exists', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(links(html, 'code')).toContain(`/${manifest['src/app/routes/home.tsx'].file}`);
    expect(links(html, 'answers')).toEqual(['/api/public/adverts', '/ajax-items?sort_by=newest&per_page=9&page=1']);
    for (const href of links(html, 'code')) expect((await fetch(`${server.url}${href}`)).status, href).toBe(200);
    // The page's stylesheet is fetched early without blocking the first paint.
    const styles = [...html.matchAll(/<link rel="(preload" as="style|stylesheet)"[^>]*href="([^"]+)"/g)];
    expect(styles.filter((m) => m[1] === 'stylesheet')).toHaveLength(1);
    expect(styles.length).toBeGreaterThan(1);
  });

  it('when the home page has a filter in its address, then the listing answer is not preloaded (the page asks for its own)', async () => {
    const html = await (await fetch(`${server.url}/?search=tractor`)).text();
    expect(links(html, 'answers')).toEqual(['/api/public/adverts']);
  });

  it('when an item page or a sale catalogue is asked for, then its code and its first answers are preloaded; other pages get the plain page', async () => {
    const item = await (await fetch(`${server.url}/item/12`)).text();
    expect(links(item, 'code')).toContain(`/${manifest['src/app/routes/item.tsx'].file}`);
    expect(links(item, 'answers')).toEqual(['/ajax-item/12']);
    const sale = await (await fetch(`${server.url}/auctions/3`)).text();
    expect(links(sale, 'answers')).toEqual(['/api/sales/3', '/api/sales/3/lots?page=1&per_page=48']);
    const about = await (await fetch(`${server.url}/about`)).text();
    expect(links(about, 'answers')).toEqual([]);
    expect(links(about, 'code')).not.toContain(`/${manifest['src/app/routes/home.tsx'].file}`);
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });
});
