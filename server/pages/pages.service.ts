import type { Kysely } from 'kysely';
import type { SitePageSlug, SitePageView } from '@shared/schemas/site-page.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { findSitePage, listSitePages, type SitePageRow } from './pages.repository.js';

/** Maps a stored page to the API's shape (`updated_at` ISO 8601 UTC). */
export function sitePageRowToView(r: SitePageRow): SitePageView {
  return { slug: r.slug as SitePageSlug, title: r.title, body: r.body, updated_at: r.updated_at.toISOString() };
}

/** One page. @throws AppError 404 'Page not found'. Source: issue 20 item 5. */
export async function readSitePage(db: Kysely<Database>, slug: SitePageSlug): Promise<SitePageView> {
  const row = await findSitePage(db, slug);
  if (!row) throw AppError.notFound('Page not found');
  return sitePageRowToView(row);
}

/** Every page, for the operators' editor. */
export async function readSitePages(db: Kysely<Database>): Promise<SitePageView[]> {
  return (await listSitePages(db)).map(sitePageRowToView);
}
