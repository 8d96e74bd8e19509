import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Query keys of the site pages: each public page by slug, and the operators' list. */
export const sitePageKeys = {
  all: ['site-pages'] as const,
  page: (slug: SitePageSlug) => ['site-pages', 'page', slug] as const,
  editing: ['site-pages', 'editing'] as const,
};

/** The public page `slug` (`GET /api/pages/{slug}`). */
export function useSitePage(slug: SitePageSlug) {
  return useQuery({ queryKey: sitePageKeys.page(slug), queryFn: () => getSitePage(slug) });
}

/** Every page for the operators' editor (`GET /api/admin/pages`). */
export function useSitePagesForEditing() {
  return useQuery({ queryKey: sitePageKeys.editing, queryFn: listSitePagesForEditing });
}

/**
 * Saves a page ({@link saveSitePage}); the saved page replaces its old copy in the editor's list
 * and in the public page's cache.
 */
export function useSaveSitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, input }: { slug: SitePageSlug; input: SitePageInput }) => saveSitePage(slug, input),
    onSuccess: (saved) => {
      queryClient.setQueryData<SitePageView[]>(sitePageKeys.editing, (list) => list?.map((p) => (p.slug === saved.slug ? saved : p)));
      queryClient.setQueryData(sitePageKeys.page(saved.slug), saved);
    },
  });
}
