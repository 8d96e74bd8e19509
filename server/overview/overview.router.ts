import { Router } from 'express';
import { requireRole } from '../auth/auth.middleware.js';
import { getOverview, type OverviewDeps } from './overview.service.js';

/** `GET /api/admin/overview` (admin role): the operator's home figures, see {@link getOverview}. Source: issue 13. */
export function createOverviewRouter(deps: OverviewDeps): Router {
  const router = Router();
  router.get('/api/admin/overview', requireRole('admin'), async (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await getOverview(deps));
  });
  return router;
}
