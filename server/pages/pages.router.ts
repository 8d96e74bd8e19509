import { Router } from 'express';
import type { Kysely } from 'kysely';
import { sitePageInputSchema, sitePageSlugSchema } from '@shared/schemas/site-page.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { updateSitePage } from './pages.commands.js';
import { readSitePage, readSitePages } from './pages.service.js';

/** A slug from the path, or 404 'Page not found' when it names no page. */
function slugOf(value: unknown) {
  const parsed = sitePageSlugSchema.safeParse(value);
  if (!parsed.success) throw AppError.notFound('Page not found');
  return parsed.data;
}

/**
 * Site pages (Terms of sale, Privacy). Public: `GET /api/pages/{slug}` → `{data: SitePageView}`
 * (404 'Page not found' for another slug). Operators (admin role): `GET /api/admin/pages` →
 * `{data: SitePageView[]}`; `PUT /api/admin/pages/{slug}` `{title, body}` → `{success, data}`
 * (422 `{message, errors}` for a bad title or text), through the `updateSitePage` command.
 * Source: issue 20 item 5.
 */
export function createPagesRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();

  router.get('/api/pages/:slug', async (req, res) => {
    res.json({ data: await readSitePage(db, slugOf(req.params.slug)) });
  });

  router.get('/api/admin/pages', requireRole('admin'), async (_req, res) => {
    res.json({ data: await readSitePages(db) });
  });

  router.put('/api/admin/pages/:slug', requireRole('admin'), async (req, res) => {
    const slug = slugOf(req.params.slug);
    const page = parseInput(sitePageInputSchema, req.body);
    res.json({ success: true, data: await runner.run(updateSitePage, operatorActor(req.auth.user!.id), { slug, page }) });
  });

  return router;
}
