import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MESSAGES } from '@shared/messages.js';
import { listBidsQuerySchema } from '@shared/schemas/bid.schema.js';
import { listItemsQuerySchema } from '@shared/schemas/item.schema.js';
import { hasRole } from '../auth/auth.middleware.js';
import { bidsWithNamesFor } from '../bids/bidder-names.js';
import { findViewerStanding, listItemBids } from '../bids/bids.repository.js';
import { IncrementTablesMemo, loadIncrementTables } from '../bids/increments.repository.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { getBidSettings } from '../settings/settings.repository.js';
import type { EventBus } from '../realtime/bus.js';
import { findItemById, itemExists, listAuctionTypes, listBranches, listItems, ListingBoundaries, type ListingCountsCache } from './items.repository.js';
import { LISTING_PAGE_CACHE_MS, ListingPageCache, type CachedListingPage } from './listing-page-cache.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const typeQuery = z.object({ type: z.enum(['cash', 'online', 'live']).optional().catch(undefined) });

/** Reads `statuses[]=a&statuses[]=b` (qs gives `statuses`) as well as `statuses=a,b`. */
function normaliseArrayKeys(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) out[k.endsWith('[]') ? k.slice(0, -2) : k] = v;
  return out;
}

/** Whether an If-None-Match header value names `etag` (weak comparison, or `*`). */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * Catalogue routes: `GET /ajax-items`, `GET /ajax-item/{id}`, `GET /ajax-branches`,
 * `GET /ajax-auction-types`, `GET /api/open-item/{id}/bids`,
 * `GET /api/settings/auction-bid-increment` (`{value, max_bid_factor}`: the spec's increment, and
 * the bid ceiling's factor the bid form checks before sending). Source: spec/shopping.md §7.
 * A signed-in caller's `GET /ajax-item/{id}` also carries `viewer: {leading, max_amount, has_bid}`,
 * their own standing (issue "Bidding engine").
 * With `deps.bus`, the listing's first pages are answered from `pageCacheMs` (default 5 s) of
 * memory with an ETag (a matching `If-None-Match` gets 304), cleared by the bus's events (see
 * ListingPageCache), and its increment tables are kept until they change; without a bus, or with
 * `pageCacheMs` 0, every answer is read afresh.
 */
export function createItemsRouter(deps: { db: Kysely<Database>; bus?: EventBus; pageCacheMs?: number }): Router {
  const { db } = deps;
  const pageCacheMs = deps.pageCacheMs ?? LISTING_PAGE_CACHE_MS;
  const pageCache = deps.bus && pageCacheMs > 0 ? new ListingPageCache(pageCacheMs) : null;
  const readingPages = new Map<string, { token: number; page: Promise<CachedListingPage> }>();
  const countsCache: ListingCountsCache = new Map();
  // The listing's increment tables, dropped by the events that change them (always read afresh without a bus).
  const listingIncrements = deps.bus ? new IncrementTablesMemo(db) : null;
  const incrementsForListing = () => listingIncrements?.get() ?? loadIncrementTables(db);
  // A published sale's lots, and lots created, moved or withdrawn in the back office, count at once, not after the counts' 2 s reuse.
  deps.bus?.subscribe((event) => {
    pageCache?.onEvent(event);
    if (event.type === 'sale.published' || event.type.startsWith('lot.')) countsCache.clear();
    if (event.type === 'increments.changed' || event.type === 'setting.changed') listingIncrements?.forget();
  });
  const router = Router();
  const boundaries = new ListingBoundaries();

  router.get('/ajax-items', async (req, res) => {
    const query = parseInput(listItemsQuerySchema, normaliseArrayKeys(req.query as Record<string, unknown>));
    const key = pageCache?.keyOf(query) ?? null;
    if (!pageCache || key === null) {
      res.json(await listItems(db, query, await incrementsForListing(), new Date(), { counts: countsCache, boundaries }));
      return;
    }
    let page = pageCache.get(key);
    if (!page) {
      // Visitors asking for the same page while it is read wait for that one read (a popular page
      // that just expired is not read once per visitor at the same moment), unless an event came
      // since it began: a visitor who asks after a change never gets a page read before it.
      const token = pageCache.begin();
      let reading = readingPages.get(key);
      if (!reading || reading.token !== token) {
        const read = (async () => {
          const fresh = await listItems(db, query, await incrementsForListing(), new Date(), { counts: countsCache, boundaries });
          return pageCache.set(
            key,
            token,
            JSON.stringify(fresh),
            fresh.data.map((i) => i.id),
            query,
          );
        })().finally(() => {
          if (readingPages.get(key)?.page === read) readingPages.delete(key);
        });
        reading = { token, page: read };
        readingPages.set(key, reading);
      }
      page = await reading.page;
    }
    res.setHeader('ETag', page.etag);
    res.setHeader('Cache-Control', 'no-cache');
    // The origin answers a matching If-None-Match with 304 whatever the request's Cache-Control
    // (RFC 9110 §13.1.2; that header is for caches on the way).
    if (etagMatches(req.get('If-None-Match'), page.etag)) res.status(304).end();
    else res.type('application/json').send(page.body);
  });

  router.get('/ajax-item/:id', async (req, res) => {
    const parsed = idParams.safeParse(req.params);
    if (!parsed.success) throw AppError.notFound(MESSAGES.itemNotFound);
    const user = req.auth?.user ?? null;
    // A lot of a draft sale is the operators' until the sale is published.
    const item = await findItemById(db, parsed.data.id, await loadIncrementTables(db), { publishedOnly: !(user && hasRole(user, 'admin')) });
    if (!item) throw AppError.notFound(MESSAGES.itemNotFound);
    res.json(user ? { ...item, viewer: await findViewerStanding(db, item.id, user.id) } : item);
  });

  router.get('/ajax-branches', async (_req, res) => {
    res.json(await listBranches(db));
  });

  router.get('/ajax-auction-types', async (req, res) => {
    const { type } = typeQuery.parse(req.query);
    res.json(await listAuctionTypes(db, type));
  });

  router.get('/api/open-item/:id/bids', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const q = parseInput(listBidsQuerySchema, req.query);
    if (!(await itemExists(db, id))) throw AppError.notFound(MESSAGES.itemNotFound);
    const page = await listItemBids(db, id, { page: q.page, perPage: q.per_page, limit: q.limit });
    const user = req.auth?.user ?? null;
    res.json({ ...page, data: await bidsWithNamesFor(db, id, page.data, { user_id: user?.id ?? null, operator: user ? hasRole(user, 'admin') : false }) });
  });

  router.get('/api/settings/auction-bid-increment', async (_req, res) => {
    const settings = await getBidSettings(db);
    res.json({ value: settings.increment, max_bid_factor: settings.maxBidFactor });
  });

  return router;
}
