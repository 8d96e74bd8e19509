import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { savedSearchViewSchema, type CreateSavedSearchInput, type SavedSearchView, type UpdateSavedSearchInput } from '@shared/schemas/saved-search.schema';
import { accountQueryKey } from '../../../lib/account-queries';
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

/** Query keys of the saved searches: the signed-in user's list. */
export const savedSearchKeys = {
  list: accountQueryKey('saved-searches'),
};

/** The signed-in user's saved searches (`GET /api/saved-searches`). */
export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchKeys.list, queryFn: getSavedSearches });
}

/** Saves a new search ({@link createSavedSearch}); the list is read again when next shown. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.list }),
  });
}

/** Changes a saved search ({@link updateSavedSearch}); the answer replaces it in the list. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateSavedSearchInput }) => updateSavedSearch(id, changes),
    onSuccess: (saved) => queryClient.setQueryData<SavedSearchView[]>(savedSearchKeys.list, (list) => list?.map((s) => (s.id === saved.id ? saved : s))),
  });
}

/** Deletes a saved search ({@link deleteSavedSearch}) and takes it out of the list. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_none, id) => queryClient.setQueryData<SavedSearchView[]>(savedSearchKeys.list, (list) => list?.filter((s) => s.id !== id)),
  });
}
