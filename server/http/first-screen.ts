import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/types.js';
import { listVisibleAdverts } from '../adverts/adverts.service.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import { findItemById } from '../items/items.repository.js';
import { getBidSettings } from '../settings/settings.repository.js';

/** How long a page waits at most for its first screen before it is sent without one, ms. */
export const FIRST_SCREEN_WAIT_MS = 300;

/** How long a drawn first screen is reused, ms: a lot's price in it is at most this old (the app then shows it live). */
const FIRST_SCREEN_TTL_MS = 1000;

/** The server build of the first screens (client/src/prerender/entry-server.tsx). */
interface FirstScreenRenderer {
  renderHomeFirstScreen(advertsAnswer: unknown[], now: Date): string;
  renderItemFirstScreen(itemAnswer: unknown, settingsAnswer: unknown, saveData: boolean): string | null;
}

/** The first screens of the pages that have one: HTML to put in index.html's `#boot`, or null for none. */
export interface FirstScreens {
  /** The home page's: its adverts area (or hero). */
  home(): Promise<string | null>;
  /** Lot `id`'s page as a guest sees it (with the smallest pictures when `saveData`); null for a lot a guest cannot see. */
  item(id: number, saveData: boolean): Promise<string | null>;
}

/** The answers of those API calls as JSON carries them (dates as ISO strings), as the app reads them. */
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * The first screens drawn on the server (issue 17 "The first screen comes with the HTML"), from
 * the reads the API calls make: `GET /api/public/adverts` for the home page; `GET /ajax-item/{id}`
 * as a guest and the bid settings for an item page. Each page is drawn at most once a
 * {@link FIRST_SCREEN_TTL_MS} and one at a time; the renderer (`ssrDir/entry-server.js`, made by
 * `npm run build`) is imported on the first use. Without it, or when drawing fails (reported to
 * `onError`), the answer is null and pages are sent as before.
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
    if (key === 'home') return r.renderHomeFirstScreen(asSent(await listVisibleAdverts(db)) as unknown[], new Date());
    const [, idText, saver] = key.split(':');
    const id = Number(idText);
    const item = await findItemById(db, id, await loadIncrementTables(db), { publishedOnly: true });
    if (!item) return null;
    const settings = await getBidSettings(db);
    return r.renderItemFirstScreen(asSent(item), { value: settings.increment, max_bid_factor: settings.maxBidFactor }, saver === 'saver');
  };

  // `fetchMethod` makes one drawing per key at a time; a null answer is kept as '' (no first screen).
  const cache = new LRUCache<string, string>({
    max: 500,
    ttl: FIRST_SCREEN_TTL_MS,
    fetchMethod: async (key) => {
      try {
        return (await draw(key)) ?? '';
      } catch (err) {
        deps.onError(err);
        return '';
      }
    },
  });
  const get = async (key: string) => (await cache.fetch(key)) || null;
  return { home: () => get('home'), item: (id, saveData) => get(`item:${id}:${saveData ? 'saver' : 'full'}`) };
}
