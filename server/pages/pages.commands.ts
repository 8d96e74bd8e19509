import type { Transaction } from 'kysely';
import type { SitePageInput, SitePageSlug, SitePageView } from '@shared/schemas/site-page.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { lockSitePage, updateSitePageRow } from './pages.repository.js';
import { sitePageRowToView } from './pages.service.js';

/**
 * Command: an operator edits a site page (Terms of sale, Privacy): its title and text. Event
 * `page.updated` (subject the page, with the title and text before and after) for the audit
 * trail. Saving the same text again changes nothing and records nothing.
 * @returns the page as the API shows it.
 * @throws AppError 403 for an actor who is not an operator; 404 'Page not found'.
 * Source: issue 20 item 5.
 */
export async function updateSitePage(
  trx: Transaction<Database>,
  actor: Actor,
  input: { slug: SitePageSlug; page: SitePageInput },
): Promise<CommandOutcome<SitePageView>> {
  if (actor.type !== 'operator') throw AppError.forbidden();
  const current = await lockSitePage(trx, input.slug);
  if (!current) throw AppError.notFound('Page not found');
  if (current.title === input.page.title && current.body === input.page.body) return { result: sitePageRowToView(current), events: [] };
  const row = await updateSitePageRow(trx, input.slug, { title: input.page.title, body: input.page.body, updated_by: actor.id });
  return {
    result: sitePageRowToView(row),
    events: [
      domainEvent(
        'page.updated',
        { type: 'page', id: row.id },
        { page_id: row.id, slug: row.slug, before: { title: current.title, body: current.body }, after: { title: row.title, body: row.body } },
      ),
    ],
  };
}
