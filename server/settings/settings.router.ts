import { Router } from 'express';
import type { Kysely } from 'kysely';
import { siteSettingsPatchSchema } from '@shared/schemas/site-settings.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { parseInput } from '../http/validate.js';
import { changeSiteSettings } from './settings.commands.js';
import { readSiteSettings } from './settings.repository.js';

/**
 * The operators' settings (admin role): `GET /api/admin/settings` → `{data: SiteSettingsView}`;
 * `PATCH /api/admin/settings` `{mask_bidder_names?: boolean}` → `{success, data}` (422 for a bad
 * value), through the `changeSiteSettings` command. Source: issue 20 item 8.
 */
export function createSettingsRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const router = Router();
  router.get('/api/admin/settings', requireRole('admin'), async (_req, res) => {
    res.json({ data: await readSiteSettings(deps.db) });
  });
  router.patch('/api/admin/settings', requireRole('admin'), async (req, res) => {
    const patch = parseInput(siteSettingsPatchSchema, req.body);
    res.json({ success: true, data: await deps.runner.run(changeSiteSettings, operatorActor(req.auth.user!.id), patch) });
  });
  return router;
}
