import { Router } from 'express';
import type { Kysely } from 'kysely';
import { siteSettingsPatchSchema } from '@shared/schemas/site-settings.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { parseInput } from '../http/validate.js';
import { changeSiteSettings } from './settings.commands.js';
import { getAuctioneerContact, readSiteSettings } from './settings.repository.js';

/** How long browsers and proxies may keep the public contact details (seconds). */
const CONTACT_MAX_AGE_SECONDS = 60;

/**
 * The operators' settings (admin role): `GET /api/admin/settings` → `{data: SiteSettingsView}`;
 * `PATCH /api/admin/settings` `SiteSettingsPatch` (any of the settings) → `{success, data}` (422
 * `{message, errors}` for a bad value), through the `changeSiteSettings` command.
 * Public: `GET /api/site/contact` → `{data: AuctioneerContact}`, cacheable for a minute.
 * Source: issue 20 item 8; issue 13 "Settlement and results".
 */
export function createSettingsRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const router = Router();
  router.get('/api/admin/settings', requireRole('admin'), async (_req, res) => {
    res.json({ data: await readSiteSettings(deps.db) });
  });
  router.get('/api/site/contact', async (_req, res) => {
    const contact = await getAuctioneerContact(deps.db);
    res.setHeader('Cache-Control', `public, max-age=${CONTACT_MAX_AGE_SECONDS}`);
    res.json({ data: contact });
  });
  router.patch('/api/admin/settings', requireRole('admin'), async (req, res) => {
    const patch = parseInput(siteSettingsPatchSchema, req.body);
    res.json({ success: true, data: await deps.runner.run(changeSiteSettings, operatorActor(req.auth.user!.id), patch) });
  });
  return router;
}
