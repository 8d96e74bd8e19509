import type { SitePageInput, SitePageSlug, SitePageView } from '@shared/schemas/site-page.schema';
import { ApiError, apiGet, apiSend, fieldMessages } from '../../../lib/api-client';

/** `GET /api/pages/{slug}` → the page. Rejects with {@link ApiError} (404 for an unknown page). Source: issue 20 item 5. */
export async function getSitePage(slug: SitePageSlug): Promise<SitePageView> {
  return ((await apiGet(`/api/pages/${slug}`)) as { data: SitePageView }).data;
}

/** `GET /api/admin/pages` → every page, for the operators' editor. */
export async function listSitePagesForEditing(): Promise<SitePageView[]> {
  return ((await apiGet('/api/admin/pages')) as { data: SitePageView[] }).data;
}

/**
 * `PUT /api/admin/pages/{slug}` `{title, body}` → the saved page. Rejects with an Error whose
 * message joins a 422's field messages (or the server's message).
 */
export async function saveSitePage(slug: SitePageSlug, input: SitePageInput): Promise<SitePageView> {
  try {
    return ((await apiSend('PUT', `/api/admin/pages/${slug}`, input)) as { data: SitePageView }).data;
  } catch (e) {
    if (e instanceof ApiError) {
      const fields = fieldMessages(e.body);
      throw new Error(fields.length ? fields.join(' ') : e.message || 'Failed to save the page');
    }
    throw e;
  }
}
