import { Router } from 'express';
import type { Kysely } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { dashboardListQuerySchema } from '@shared/schemas/dashboard.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { parseInput } from '../http/validate.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import { getDashboardStats, listDashboardBids } from './dashboard.repository.js';
import { getDashboard } from './dashboard.service.js';

/**
 * Bid dashboard routes (sign-in required, 401 'Unauthenticated.'; each user sees only their own
 * bids):
 * - `GET /api/bid-dashboard` → `{active_bids, bid_history, watchlist, stats}`
 * - `GET /api/bid-dashboard/active-bids?page&per_page&search` → `{data, current_page, last_page, per_page, total, from, to}`
 * - `GET /api/bid-dashboard/bid-history?page&per_page&search&status=won|lost` → same shape
 * - `GET /api/bid-dashboard/stats` → stats
 * Source: spec/accounts-and-shell.md §3, §7; rules in dashboard.repository.ts.
 */
export function createDashboardRouter(deps: { db: Kysely<Database> }): Router {
  const { db } = deps;
  const router = Router();
  router.use('/api/bid-dashboard', requireUser(MESSAGES.unauthenticated));

  router.get('/api/bid-dashboard', async (req, res) => {
    res.json(await getDashboard(db, req.auth.user!.id, await loadIncrementTables(db)));
  });

  router.get('/api/bid-dashboard/active-bids', async (req, res) => {
    const q = parseInput(dashboardListQuerySchema, req.query);
    res.json(await listDashboardBids(db, req.auth.user!.id, 'active', { page: q.page, perPage: q.per_page, search: q.search }, await loadIncrementTables(db)));
  });

  router.get('/api/bid-dashboard/bid-history', async (req, res) => {
    const q = parseInput(dashboardListQuerySchema, req.query);
    res.json(
      await listDashboardBids(
        db,
        req.auth.user!.id,
        'history',
        { page: q.page, perPage: q.per_page, search: q.search, status: q.status },
        await loadIncrementTables(db),
      ),
    );
  });

  router.get('/api/bid-dashboard/stats', async (req, res) => {
    res.json(await getDashboardStats(db, req.auth.user!.id));
  });

  return router;
}
