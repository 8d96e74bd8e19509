import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLotPicture, createAdvert, createAuctionType, createItem } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const distDir = path.resolve(import.meta.dirname, '../../../client/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[] }>;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/**
 * The `href`s of the page's `<link rel="modulepreload">` and the modules its loader adds after
 * the first paint (`code`), or of its `<link rel="preload" as="fetch">` (`answers`).
 */
const links = (html: string, kind: 'code' | 'answers') => {
  const rel = kind === 'code' ? 'modulepreload' : 'preload" as="fetch';
  const hrefs = [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1].replace(/&amp;/g, '&'));
  const later = kind === 'code' ? /data-modules="([^"]*)"/.exec(html) : null;
  return [...hrefs, ...(later?.[1].split(' ').filter(Boolean) ?? [])];
};

/** The `<head>` of a page, and what its `#boot` holds of the server's drawing (`boot-main`). */
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const firstScreenOf = (html: string) => /<div class="boot-main">([\s\S]*?)<\/div>\s*<\/div>\s*<div id="root"><\/div>/.exec(html)?.[1] ?? '';

/**
 * The page at `path` once the server sends it with its first screen (`test` says when: a page
 * waits 300 ms at most for its drawing, so the first pages after a start, while the renderer loads,
 * and the first after a change, go without).
 */
async function pageWhen(path: string, test: (html: string) => boolean): Promise<string> {
  let html = '';
  await expect.poll(async () => test((html = await (await fetch(`${server.url}${path}`)).text())), { timeout: 20_000, interval: 200 }).toBe(true);
  return html;
}
const drawn = (html: string) => firstScreenOf(html).length > 0;

describe('pages announce their code and first API answers (issue 17)', () => {
  it('when the home page is asked for, then it comes drawn (the hero without adverts), its code loads after the first paint, and its first answers are preloaded; every announced file exists', async () => {
    await server.database.db.deleteFrom('adverts').execute();
    const html = await pageWhen('/', drawn);
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(firstScreenOf(html)).toContain('Bid live, buy today');
    // Test ids belong to the app's copy, which renders into #root once its code runs.
    expect(firstScreenOf(html)).not.toContain('data-testid');
    // No module script or module preload in the head: the loader adds them after the first paint.
    expect(head(html)).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const entry = /<script src="\/app-loader\.js" data-entry="([^"]+)"[^>]* defer><\/script>/.exec(head(html));
    expect(entry?.[1]).toBe(`/${manifest['index.html'].file}`);
    expect(links(html, 'code')).toContain(`/${manifest['src/app/routes/home.tsx'].file}`);
    expect(links(html, 'answers')).toEqual(['/api/public/adverts', '/ajax-items?sort_by=newest&per_page=9&page=1']);
    for (const href of [entry![1], '/app-loader.js', ...links(html, 'code')]) expect((await fetch(`${server.url}${href}`)).status, href).toBe(200);
    // The page's own stylesheets apply at once (the drawing uses them); none is left to load later.
    expect(html.match(/<link rel="stylesheet"/g)?.length).toBeGreaterThan(1);
    expect(html).not.toContain('rel="preload" as="style"');
  });

  it('when a drawn page loads its code, then the loader runs every chunk the entry imports, one per task, each after the chunks it imports', async () => {
    const html = await pageWhen('/', drawn);
    const stages = /data-stages="([^"]*)"/.exec(head(html))?.[1].split(' ').filter(Boolean) ?? [];
    const entry = `/${manifest['index.html'].file}`;
    const importsOf = async (href: string) =>
      [...(await (await fetch(`${server.url}${href}`)).text()).matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `/assets/${m[1]}`);
    // What the entry imports, and what those import in turn.
    const closure = new Set<string>();
    const visit = async (href: string) => {
      for (const dep of await importsOf(href)) {
        if (closure.has(dep)) continue;
        closure.add(dep);
        await visit(dep);
      }
    };
    await visit(entry);
    // Every chunk the entry needs is a stage, the entry itself is not, and each stage's own imports run before it.
    expect(new Set(stages)).toEqual(closure);
    expect(stages).not.toContain(entry);
    for (const [i, stage] of stages.entries()) for (const dep of await importsOf(stage)) expect(stages.indexOf(dep), `${dep} before ${stage}`).toBeLessThan(i);
    expect(stages.length).toBeGreaterThan(3);
  });

  it('when an advert is shown, then the home page comes with its banner, its text escaped and its picture asked for first', async () => {
    await server.database.db.deleteFrom('adverts').execute();
    await createAdvert(server.database.db, { description: 'Tractors & <b>ploughs</b> this Saturday', image: '/uploads/adverts/tractor-day.webp', days: 1 });
    const html = await pageWhen('/', (h) => firstScreenOf(h).includes('Tractors'));
    const screen = firstScreenOf(html);
    expect(screen).toContain('Tractors &amp; &lt;b&gt;ploughs&lt;/b&gt; this Saturday');
    expect(screen).not.toContain('Bid live, buy today');
    expect(screen).toMatch(/<link rel="preload" as="image" href="\/uploads\/adverts\/tractor-day\.webp" fetchPriority="high"\/>/);
    await server.database.db.deleteFrom('adverts').execute();
  });

  it('when a published lot is asked for, then its page comes drawn as a guest sees it: title, price and "Reserve not met", never the reserve', async () => {
    const id = await createItem(server.database.db, { name: 'Massey Ferguson 240 tractor', target_amount: 1_250_000, reserve_price: 4_321_000 });
    const html = await pageWhen(`/item/${id}`, drawn);
    const screen = firstScreenOf(html);
    expect(screen).toContain('Massey Ferguson 240 tractor');
    expect(screen).toContain('1,250,000');
    expect(screen).toContain('Reserve not met');
    expect(html).not.toMatch(/4,?321,?000/);
    expect(head(html)).toContain(`<link rel="stylesheet" crossorigin href="/${manifest['src/app/routes/item.tsx'].css?.[0]}">`);
    expect(links(html, 'answers')).toEqual([`/ajax-item/${id}`, `/api/open-item/${id}/bids?page=1&per_page=10`, '/api/settings/auction-bid-increment']);
  });

  it('when the home page has a filter in its address, then the listing answer is not preloaded (the page asks for its own)', async () => {
    const html = await (await fetch(`${server.url}/?search=tractor`)).text();
    expect(links(html, 'answers')).toEqual(['/api/public/adverts']);
  });

  it('when the visitor has data saver on (their choice, or Save-Data without one), then a lot page comes drawn with its smallest picture only', async () => {
    const db = server.database.db;
    const id = await createItem(db, { name: 'Bajaj Boxer motorcycle' });
    const base = await addLotPicture(db, id);
    const drawnWith = async (headers: Record<string, string>) => {
      let screen = '';
      await expect
        .poll(async () => (screen = firstScreenOf(await (await fetch(`${server.url}/item/${id}`, { headers })).text())).includes(base), {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(true);
      return screen;
    };
    expect(await drawnWith({})).toContain(`${base}-1600.webp 1600w`);
    for (const headers of [{ Cookie: 'gavel_data_saver=on' }, { 'Save-Data': 'on' }] as Record<string, string>[]) {
      const screen = await drawnWith(headers);
      expect(screen, JSON.stringify(headers)).toContain(`src="${base}-320.webp"`);
      expect(screen, JSON.stringify(headers)).not.toContain('-1600.webp');
    }
    // The visitor's own choice wins over the browser's hint.
    expect(await drawnWith({ Cookie: 'gavel_data_saver=off', 'Save-Data': 'on' })).toContain(`${base}-1600.webp 1600w`);
  });

  it("when the visitor has data saver on, then the home page comes drawn with its banners' narrowest pictures and a sale catalogue with its lots' smallest", async () => {
    const db = server.database.db;
    await db.deleteFrom('adverts').execute();
    await createAdvert(db, { description: 'Saver banner: Zomba estate sale', image: '/uploads/adverts/zomba.jpg', sized: true });
    const saleId = await createAuctionType(db, 'online', 'Saver sale');
    const lot = await createItem(db, { auction_type_id: saleId, name: 'Saver lot: Honda generator' });
    const stem = await addLotPicture(db, lot);
    const drawnWith = async (path: string, mark: string, headers: Record<string, string>) => {
      let screen = '';
      await expect
        .poll(async () => (screen = firstScreenOf(await (await fetch(`${server.url}${path}`, { headers })).text())).includes(mark), {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(true);
      return screen;
    };
    // Without data saver: every stored width, for the browser to choose.
    const home = await drawnWith('/', '/uploads/adverts/zomba-', {});
    expect(home).toContain('/uploads/adverts/zomba-480.webp 480w');
    expect(home).toContain('/uploads/adverts/zomba-1200.avif 1200w');
    for (const headers of [{ Cookie: 'gavel_data_saver=on' }, { 'Save-Data': 'on' }] as Record<string, string>[]) {
      const saving = await drawnWith('/', '/uploads/adverts/zomba-', headers);
      expect(saving, JSON.stringify(headers)).toContain('src="/uploads/adverts/zomba-480.webp"');
      expect(saving, JSON.stringify(headers)).toContain('srcSet="/uploads/adverts/zomba-480.avif"');
      expect(saving, JSON.stringify(headers)).not.toMatch(/zomba-(800|1200)/);
      const catalogue = await drawnWith(`/auctions/${saleId}`, stem, headers);
      expect(catalogue, JSON.stringify(headers)).toContain(`src="${stem}-320.webp"`);
      expect(catalogue, JSON.stringify(headers)).not.toMatch(/cover-(800|1600)/);
    }
    expect(await drawnWith(`/auctions/${saleId}`, stem, {})).toContain(`${stem}-800.webp 800w`);
    await db.deleteFrom('adverts').execute();
  });

  it('when a published sale is asked for, then its catalogue comes drawn with the sale and its first 12 lots in lot order; a draft or unknown sale gets the plain page', async () => {
    const db = server.database.db;
    const saleId = await createAuctionType(db, 'online', 'Mangochi estate sale');
    for (let n = 1; n <= 14; n++) await createItem(db, { auction_type_id: saleId, name: `Estate lot number ${String(n).padStart(2, '0')}` });
    const html = await pageWhen(`/auctions/${saleId}`, drawn);
    const screen = firstScreenOf(html);
    expect(screen).toContain('Mangochi estate sale');
    expect(screen).toContain('14 lots');
    const drawnLots = [...screen.matchAll(/Estate lot number (\d\d)/g)].map((m) => Number(m[1]));
    expect([...new Set(drawnLots)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(head(html)).toContain('src="/app-loader.js"');

    const draft = await createAuctionType(db, 'online', 'Draft sale');
    await db.updateTable('auction_types').set({ published_at: null }).where('id', '=', draft).execute();
    await createItem(db, { auction_type_id: draft, name: 'Hidden draft lot' });
    for (const path of [`/auctions/${draft}`, '/auctions/987654']) {
      // Asked twice: the first ask may go without while the drawing is made; the second finds it drawn (or not).
      await fetch(`${server.url}${path}`);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const page = await (await fetch(`${server.url}${path}`)).text();
      expect(firstScreenOf(page), path).toBe('');
      expect(page).not.toContain('Hidden draft lot');
    }
  });

  it('when an unknown lot, an unknown sale or another page is asked for, then its code and its first answers are preloaded, with no first screen', async () => {
    const item = await (await fetch(`${server.url}/item/987654`)).text();
    expect(firstScreenOf(item)).toBe('');
    expect(head(item)).toMatch(/<script type="module" crossorigin src="[^"]+"><\/script>/);
    expect(links(item, 'code')).toContain(`/${manifest['src/app/routes/item.tsx'].file}`);
    expect(links(item, 'answers')).toEqual(['/ajax-item/987654', '/api/open-item/987654/bids?page=1&per_page=10', '/api/settings/auction-bid-increment']);
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
