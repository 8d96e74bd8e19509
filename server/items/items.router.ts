import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MESSAGES } from '@shared/messages.js';
import { listBidsQuerySchema } from '@shared/schemas/bid.schema.js';
import { listItemsQuerySchema } from '@shared/schemas/item.schema.js';
import { listItemBids } from '../bids/bids.repository.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { getBidIncrement, getBidSettings } from '../settings/settings.repository.js';
import { findItemById, itemExists, listAuctionTypes, listBranches, listItems, type ListingCountsCache } from './items.repository.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const typeQuery = z.object({ type: z.enum(['cash', 'online', 'live']).optional().catch(undefined) });

/** Reads `statuses[]=a&statuses[]=b` (qs gives `statuses`) as well as `statuses=a,b`. */
function normaliseArrayKeys(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) out[k.endsWith('[]') ? k.slice(0, -2) : k] = v;
  return out;
}

/**
 * Catalogue routes: `GET /ajax-items`, `GET /ajax-item/{id}`, `GET /ajax-branches`,
 * `GET /ajax-auction-types`, `GET /api/open-item/{id}/bids`,
 * `GET /api/settings/auction-bid-increment` (`{value, max_bid_factor}`: the spec's increment, and
 * the bid ceiling's factor the bid form checks before sending). Source: spec/shopping.md §7.
 */
export function createItemsRouter(deps: { db: Kysely<Database> }): Router {
  const { db } = deps;
  const router = Router();
  const countsCache: ListingCountsCache = new Map();

  router.get('/ajax-items', async (req, res) => {
    const query = parseInput(listItemsQuerySchema, normaliseArrayKeys(req.query as Record<string, unknown>));
    res.json(await listItems(db, query, await getBidIncrement(db), new Date(), countsCache));
  });

  router.get('/ajax-item/:id', async (req, res) => {
    const parsed = idParams.safeParse(req.params);
    if (!parsed.success) throw AppError.notFound(MESSAGES.itemNotFound);
    const item = await findItemById(db, parsed.data.id, await getBidIncrement(db));
    if (!item) throw AppError.notFound(MESSAGES.itemNotFound);
    res.json(item);
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
    res.json(await listItemBids(db, id, { page: q.page, perPage: q.per_page, limit: q.limit }));
  });

  router.get('/api/settings/auction-bid-increment', async (_req, res) => {
    const settings = await getBidSettings(db);
    res.json({ value: settings.increment, max_bid_factor: settings.maxBidFactor });
  });

  return router;
}
