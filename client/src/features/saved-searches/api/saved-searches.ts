import { z } from 'zod';
import { savedSearchViewSchema, type CreateSavedSearchInput, type SavedSearchView, type UpdateSavedSearchInput } from '@shared/schemas/saved-search.schema';
import { apiGet, apiSend } from '../../../lib/api-client';

/** `GET /api/saved-searches` → the user's saved searches, oldest first. Source: issue 16 "Saved searches". */
export async function getSavedSearches(): Promise<SavedSearchView[]> {
  return z.object({ data: z.array(savedSearchViewSchema) }).parse(await apiGet('/api/saved-searches', undefined, { withCsrf: true })).data;
}

/** `POST /api/saved-searches` → the saved search (422 with `errors.name`/`errors.query` when refused). */
export async function createSavedSearch(input: {
  name: string;
  query: Record<string, unknown>;
  frequency: CreateSavedSearchInput['frequency'];
}): Promise<SavedSearchView> {
  return savedSearchViewSchema.parse(await apiSend('POST', '/api/saved-searches', input));
}

/** `PATCH /api/saved-searches/{id}` → the saved search after. */
export async function updateSavedSearch(id: number, changes: UpdateSavedSearchInput): Promise<SavedSearchView> {
  return savedSearchViewSchema.parse(await apiSend('PATCH', `/api/saved-searches/${id}`, changes));
}

/** `DELETE /api/saved-searches/{id}`. */
export async function deleteSavedSearch(id: number): Promise<void> {
  await apiSend('DELETE', `/api/saved-searches/${id}`);
}
