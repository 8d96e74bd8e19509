import { createHash } from 'node:crypto';
import type { ListItemsQuery } from '@shared/schemas/item.schema.js';
import type { BusEvent } from '../realtime/bus.js';
import { narrowsCatalogue } from './items.repository.js';

/** How long a first page of the listing is answered from memory, ms. */
export const LISTING_PAGE_CACHE_MS = 5000;

/** A first page as it was sent: its JSON, its ETag, and what an event must look at to drop it. */
export interface CachedListingPage {
  body: string;
  etag: string;
  itemIds: ReadonlySet<number>;
  /** The page's order moves with bids (price) or soft close (ending soon). */
  movesWithBids: boolean;
}

/** Events after which no first page may be answered from memory any more. */
const CLEARING_EVENTS: ReadonlySet<string> = new Set([
  'item.updated',
  'auction.closed',
  'bid.retracted',
  'order.placed',
  'order.status_changed',
  'increments.changed',
  'setting.changed',
  'sale.updated',
  'sale.published',
  'sale.lots_reordered',
  'sale.closes_rescheduled',
  'lot.created',
  'lot.relisted',
  'lot.withdrawn',
  'lot.updated',
  'lot.images_changed',
]);

/**
 * The listing's first pages (the landing page a visitor opens: no search or filter but the
 * category, the sale and the sort, page 1), kept for {@link LISTING_PAGE_CACHE_MS} with a strong
 * ETag so a repeat visit is a 304 and a busy landing page costs one query every few seconds.
 * Cleared by the events that change what a page shows (`item.updated`, `auction.closed`,
 * `bid.retracted`, `order.placed`, `order.status_changed`, `increments.changed`,
 * `setting.changed`, a sale's edits, publication, lot order and close times, and the back office's
 * lot commands `lot.*`); a `bid.placed` drops the pages that show the lot or whose order moves with
 * bids (price, ending soon); prices on a shown page stay live through the item rooms' sockets.
 * Every process keeps its own and hears every event on the bus. Source: issue 21.
 */
export class ListingPageCache {
  private readonly pages = new Map<string, { at: number; page: CachedListingPage }>();
  private generation = 0;

  constructor(private readonly ttlMs = LISTING_PAGE_CACHE_MS) {}

  /** The key of a cacheable listing query (a landing page), or null when it is not one. */
  keyOf(q: ListItemsQuery): string | null {
    const narrowed = narrowsCatalogue(q);
    if (narrowed || q.page !== 1) return null;
    return JSON.stringify([q.type ?? '', [...q.auction_types].sort(), q.auction_type_id ?? 0, q.sort_by, q.per_page]);
  }

  /** The page stored under `key` less than the TTL before `now` (ms). */
  get(key: string, now = Date.now()): CachedListingPage | undefined {
    const e = this.pages.get(key);
    return e && e.at > now - this.ttlMs ? e.page : undefined;
  }

  /** A token to pass to {@link ListingPageCache.set}: a page read before a later event is not stored. */
  begin(): number {
    return this.generation;
  }

  /**
   * Stores the page answered for `key` (its JSON body and the ids of its lots, under `sort`), unless
   * an event cleared the cache since `token` was taken; returns the page with its ETag either way.
   */
  set(key: string, token: number, body: string, itemIds: number[], sort: ListItemsQuery['sort_by'], now = Date.now()): CachedListingPage {
    const page: CachedListingPage = {
      body,
      etag: `"l${createHash('sha1').update(body).digest('base64url')}"`,
      itemIds: new Set(itemIds),
      movesWithBids: sort === 'price_low' || sort === 'price_high' || sort === 'ending_soon',
    };
    if (token === this.generation) {
      if (this.pages.size >= 200) this.pages.clear();
      this.pages.set(key, { at: now, page });
    }
    return page;
  }

  /** Drops what `event` makes stale (see the class comment). */
  onEvent(event: Pick<BusEvent, 'type' | 'payload'>): void {
    if (event.type === 'bid.placed') {
      const itemId = (event.payload as { item_id: number }).item_id;
      for (const [key, e] of this.pages) if (e.page.movesWithBids || e.page.itemIds.has(itemId)) this.pages.delete(key);
      this.generation++;
    } else if (CLEARING_EVENTS.has(event.type)) {
      this.pages.clear();
      this.generation++;
    }
  }
}
