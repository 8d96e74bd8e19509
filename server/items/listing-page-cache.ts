import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ListItemsQuery } from '@shared/schemas/item.schema.js';
import type { BusEvent } from '../realtime/bus.js';

/** How long a first page of the listing is answered from memory by default, ms (`LISTING_CACHE_MS`). */
export const LISTING_PAGE_CACHE_MS = 5000;

/** A first page as it was sent: its JSON, its ETag, and the lots it shows (what a bid event looks at to drop it). */
export interface CachedListingPage {
  body: string;
  etag: string;
  itemIds: ReadonlySet<number>;
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

/** First pages kept at most (least recently used dropped first). */
const MAX_PAGES = 500;

/**
 * Whether a page under query `q` can change with any bid, not only one on a lot it shows: its
 * order (price, ending soon) or which lots match (a price range, a status such as ending soon,
 * which a soft close moves) follows the bids.
 */
function followsBids(q: ListItemsQuery): boolean {
  return (
    q.sort_by === 'price_low' ||
    q.sort_by === 'price_high' ||
    q.sort_by === 'ending_soon' ||
    q.price_min !== undefined ||
    q.price_max !== undefined ||
    q.statuses.length > 0
  );
}

/**
 * The listing's first pages (page 1 of any search, filter, category, sale and sort), kept for
 * the TTL ({@link LISTING_PAGE_CACHE_MS} by default) with a strong ETag, so a repeat visit is a 304
 * and a page many visitors open costs one query every few seconds. Cleared by the events that
 * change what a page shows (`item.updated`, `auction.closed`, `bid.retracted`, `order.placed`,
 * `order.status_changed`, `increments.changed`, `setting.changed`, a sale's edits, publication,
 * lot order and close times, and the back office's lot commands `lot.*`); a `bid.placed` drops the
 * pages that show the lot and those that follow bids (ordered by price or ending soon, or filtered
 * by price or status); prices on a shown page stay live through the item rooms' sockets. Deeper
 * pages are read afresh. At most {@link MAX_PAGES} pages are kept, the least recently used going
 * first. Every process keeps its own and hears every event on the bus. Source: issue 21.
 */
export class ListingPageCache {
  /** Keys of the kept pages that show a lot, by lot id, and of those that follow every bid. */
  private readonly byItem = new Map<number, Set<string>>();
  private readonly followingBids = new Set<string>();
  private readonly pages: LRUCache<string, CachedListingPage>;
  private generation = 0;

  constructor(ttlMs = LISTING_PAGE_CACHE_MS) {
    this.pages = new LRUCache<string, CachedListingPage>({
      max: MAX_PAGES,
      ttl: ttlMs,
      ttlAutopurge: false,
      dispose: (page, key) => this.unindex(key, page),
    });
  }

  /** The key of a cacheable listing query (a first page), or null when it is not one. */
  keyOf(q: ListItemsQuery): string | null {
    if (q.page !== 1) return null;
    const sorted = (list: readonly string[]) => [...list].sort();
    return JSON.stringify({
      ...q,
      page: undefined,
      statuses: sorted(q.statuses),
      auction_types: sorted(q.auction_types),
      locations: sorted(q.locations),
      conditions: sorted(q.conditions),
    });
  }

  /** The page stored under `key`, while younger than the TTL. */
  get(key: string): CachedListingPage | undefined {
    return this.pages.get(key);
  }

  /** A token to pass to {@link ListingPageCache.set}: a page read before a later event is not stored. */
  begin(): number {
    return this.generation;
  }

  /**
   * Stores the page answered for `key` (its JSON body and the ids of its lots, under query `q`),
   * unless an event cleared the cache since `token` was taken; returns the page with its ETag either way.
   */
  set(key: string, token: number, body: string, itemIds: number[], q: ListItemsQuery): CachedListingPage {
    const page: CachedListingPage = {
      body,
      etag: `"l${createHash('sha1').update(body).digest('base64url')}"`,
      itemIds: new Set(itemIds),
    };
    if (token === this.generation) {
      this.pages.set(key, page);
      for (const id of page.itemIds) {
        let keys = this.byItem.get(id);
        if (!keys) this.byItem.set(id, (keys = new Set()));
        keys.add(key);
      }
      if (followsBids(q)) this.followingBids.add(key);
    }
    return page;
  }

  /** Drops what `event` makes stale (see the class comment). */
  onEvent(event: Pick<BusEvent, 'type' | 'payload'>): void {
    if (event.type === 'bid.placed') {
      const itemId = (event.payload as { item_id: number }).item_id;
      for (const key of [...this.followingBids, ...(this.byItem.get(itemId) ?? [])]) this.pages.delete(key);
      this.generation++;
    } else if (CLEARING_EVENTS.has(event.type)) {
      this.pages.clear();
      this.generation++;
    }
  }

  private unindex(key: string, page: CachedListingPage): void {
    this.followingBids.delete(key);
    for (const id of page.itemIds) {
      const keys = this.byItem.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byItem.delete(id);
    }
  }
}
