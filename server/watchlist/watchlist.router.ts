import { Router } from 'express';
import type { Kysely } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { WATCHLIST_MESSAGES } from '@shared/messages/watchlist.js';
import { addToWatchlistInputSchema, watchlistItemParamsSchema, watchlistQuerySchema } from '@shared/schemas/watchlist.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import { countWatchlist, isInWatchlist, listWatchlist, listWatchlistItemIds } from './watchlist.repository.js';
import { addToWatchlist, removeFromWatchlist } from './watchlist.commands.js';

/**
 * Watchlist routes (all need sign-in; signed out is 401 with the spec's message — 'Please sign
 * in to add items to your watchlist' for adding, 'Please sign in to manage your watchlist'
 * otherwise):
 * - `GET /api/watchlist?page&per_page&search` → `{data, meta}` (per_page default 15)
 * - `POST /api/watchlist {item_id}` → `{success, message, in_watchlist, changed, count}`; idempotent; unknown item 404
 * - `DELETE /api/watchlist/{id}` (item id) → same shape; idempotent
 * - `GET /api/watchlist/check/{id}` → `{in_watchlist}`; `GET /api/watchlist/count` → `{count}`
 * - `GET /api/watchlist/ids` → `{ids}` (membership for watch buttons; our addition)
 * Source: spec/accounts-and-shell.md §5, §7, §9.
 */
export function createWatchlistRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();
  const manage = requireUser(WATCHLIST_MESSAGES.signInToManage);

  router.get('/api/watchlist', manage, async (req, res) => {
    const q = parseInput(watchlistQuerySchema, req.query);
    res.json(await listWatchlist(db, req.auth.user!.id, { page: q.page, perPage: q.per_page, search: q.search }, await loadIncrementTables(db)));
  });

  router.post('/api/watchlist', requireUser(WATCHLIST_MESSAGES.signInToAdd), async (req, res) => {
    const input = parseInput(addToWatchlistInputSchema, req.body);
    res.json(await runner.run(addToWatchlist, userActor(req.auth.user!.id), { itemId: input.item_id }));
  });

  router.get('/api/watchlist/count', manage, async (req, res) => {
    res.json({ count: await countWatchlist(db, req.auth.user!.id) });
  });

  router.get('/api/watchlist/ids', manage, async (req, res) => {
    res.json({ ids: await listWatchlistItemIds(db, req.auth.user!.id) });
  });

  router.get('/api/watchlist/check/:id', manage, async (req, res) => {
    const { id } = parseInput(watchlistItemParamsSchema, req.params);
    res.json({ in_watchlist: await isInWatchlist(db, req.auth.user!.id, id) });
  });

  router.delete('/api/watchlist/:id', manage, async (req, res) => {
    const parsed = watchlistItemParamsSchema.safeParse(req.params);
    if (!parsed.success) throw AppError.notFound(MESSAGES.itemNotFound);
    res.json(await runner.run(removeFromWatchlist, userActor(req.auth.user!.id), { itemId: parsed.data.id }));
  });

  return router;
}
