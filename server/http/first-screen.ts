import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/types.js';
import { listVisibleAdverts } from '../adverts/adverts.service.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import { findItemById } from '../items/items.repository.js';
import { getPublicSale, pageSaleLots } from '../sales/sales.service.js';
import { getBidSettings } from '../settings/settings.repository.js';
import { AppError } from './app-error.js';
import { CATALOGUE_PAGE_SIZE } from '@shared/page-first-reads.js';

/** How long a page waits at most for its first screen before it is sent with an older one (or none), ms. */
const FIRST_SCREEN_WAIT_MS = 300;

/** How long a drawn first screen is reused, ms: a lot's price in it is at most this old (the app then shows it live). */
const FIRST_SCREEN_TTL_MS = 1000;

/** How old a drawing may be that a page gets when the new one is not ready in {@link FIRST_SCREEN_WAIT_MS} (a busy server), ms. */
const FIRST_SCREEN_RECENT_MS = 60_000;

/** The server build of the first screens (client/src/prerender/entry-server.tsx). */
interface FirstScreenRenderer {
  renderHomeFirstScreen(advertsAnswer: unknown[], now: Date, saveData: boolean): string;
  renderItemFirstScreen(itemAnswer: unknown, settingsAnswer: unknown, saveData: boolean): string | null;
  renderSaleFirstScreen(saleAnswer: unknown, lotsAnswer: unknown, saveData: boolean): string | null;
}

/**
 * The first screens of the pages that have one: HTML to put in index.html's `#boot`, or null for
 * none. Each answers within {@link FIRST_SCREEN_WAIT_MS}: a drawing not ready by then is replaced
 * by the page's last one when that is at most {@link FIRST_SCREEN_RECENT_MS} old.
 */
export interface FirstScreens {
  /** The home page's: its adverts area (or hero), with the narrowest banner pictures when `saveData`. */
  home(saveData: boolean): Promise<string | null>;
  /** Lot `id`'s page as a guest sees it (with the smallest pictures when `saveData`); null for a lot a guest cannot see. */
  item(id: number, saveData: boolean): Promise<string | null>;
  /** Sale `id`'s catalogue: the sale and its first lots (the smallest pictures when `saveData`); null for a sale a guest cannot see. */
  sale(id: number, saveData: boolean): Promise<string | null>;
}

/** The answers of those API calls as JSON carries them (dates as ISO strings), as the app reads them. */
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * The first screens drawn on the server (issue 17 "The first screen comes with the HTML"), from
 * the reads the API calls make: `GET /api/public/adverts` for the home page; `GET /ajax-item/{id}`
 * as a guest and the bid settings for an item page; `GET /api/sales/{id}` and its first page of
 * lots for a sale catalogue. Each page is drawn at most once a {@link FIRST_SCREEN_TTL_MS} and one
 * at a time, and a page never waits longer than {@link FIRST_SCREEN_WAIT_MS} for it; the renderer
 * (`ssrDir/entry-server.js`, made by `npm run build`) is imported on the first use. Without it, or
 * when drawing fails (reported to `onError`), the answer is null and pages are sent as before.
 */
export function createFirstScreens(deps: { db: Kysely<Database>; ssrDir: string; onError: (err: unknown) => void }): FirstScreens {
  const { db } = deps;
  const entry = path.join(deps.ssrDir, 'entry-server.js');
  let renderer: Promise<FirstScreenRenderer | null> | null = null;
  const loadRenderer = () =>
    (renderer ??= fs.existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<FirstScreenRenderer>).catch((err: unknown) => {
          deps.onError(err);
          return null;
        })
      : Promise.resolve(null));

  const draw = async (key: string): Promise<string | null> => {
    const r = await loadRenderer();
    if (!r) return null;
    const [kind, idText, saver] = key.split(':');
    if (kind === 'home') return r.renderHomeFirstScreen(asSent(await listVisibleAdverts(db)) as unknown[], new Date(), saver === 'saver');
    const id = Number(idText);
    if (kind === 'sale') {
      const sale = await getPublicSale(db, id).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      });
      if (!sale) return null;
      const lots = await pageSaleLots(db, id, { page: 1, per_page: CATALOGUE_PAGE_SIZE });
      return r.renderSaleFirstScreen(asSent({ data: sale }), asSent(lots), saver === 'saver');
    }
    const item = await findItemById(db, id, await loadIncrementTables(db), { publishedOnly: true });
    if (!item) return null;
    const settings = await getBidSettings(db);
    return r.renderItemFirstScreen(asSent(item), { value: settings.increment, max_bid_factor: settings.maxBidFactor }, saver === 'saver');
  };

  // The last drawing of each page, for a page whose new drawing is late.
  const recent = new LRUCache<string, string>({ max: 500, ttl: FIRST_SCREEN_RECENT_MS });
  // `fetchMethod` makes one drawing per key at a time; a null answer is kept as '' (no first screen).
  const cache = new LRUCache<string, string>({
    max: 500,
    ttl: FIRST_SCREEN_TTL_MS,
    fetchMethod: async (key) => {
      let html = '';
      try {
        html = (await draw(key)) ?? '';
      } catch (err) {
        deps.onError(err);
      }
      if (html) recent.set(key, html);
      else recent.delete(key);
      return html;
    },
  });
  const get = async (key: string) => {
    // A fresh drawing answers at once, without a timer; a new one is waited for at most FIRST_SCREEN_WAIT_MS.
    const fresh = cache.get(key);
    if (fresh !== undefined) return fresh || null;
    const drawn = await Promise.race([cache.fetch(key), delay(FIRST_SCREEN_WAIT_MS).then(() => undefined)]);
    return (drawn === undefined ? recent.get(key) : drawn) || null;
  };
  // Keys `kind:id:saver|full`: a page drawn for data saver is kept apart from its full drawing.
  const keyOf = (kind: string, id: number, saveData: boolean) => `${kind}:${id}:${saveData ? 'saver' : 'full'}`;
  return {
    home: (saveData) => get(keyOf('home', 0, saveData)),
    item: (id, saveData) => get(keyOf('item', id, saveData)),
    sale: (id, saveData) => get(keyOf('sale', id, saveData)),
  };
}
