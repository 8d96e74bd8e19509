import type { Transaction } from 'kysely';
import { listItemsQuerySchema } from '@shared/schemas/item.schema.js';
import { MAX_SAVED_SEARCHES, type CreateSavedSearchInput, type SavedSearchView, type UpdateSavedSearchInput } from '@shared/schemas/saved-search.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { listingKinds, toPrefixTsQuery } from '../items/items.repository.js';
import {
  countSavedSearchesLocked,
  deleteSavedSearchRow,
  findSavedSearch,
  insertSavedSearch,
  readSavedSearch,
  savedSearchNameTaken,
  updateSavedSearchRow,
  type SavedSearchFields,
} from './saved-searches.repository.js';

/** The columns a query is matched by before the listing's filter: its search words and kinds (the listing's own functions). */
function matchColumns(query: Record<string, unknown>): Pick<SavedSearchFields, 'searchTsQuery' | 'kinds'> {
  const q = listItemsQuerySchema.parse(query);
  return { searchTsQuery: q.search ? toPrefixTsQuery(q.search) : null, kinds: listingKinds(q) };
}

const NAME_TAKEN = { name: ['You already have a saved search of this name.'] };

/**
 * Command (the user): saves a listing search with a name and a frequency. At most
 * {@link MAX_SAVED_SEARCHES} per user (422 beyond); names are unique per user, case ignored (422).
 * Source: issue 16 "Saved searches".
 * @returns the saved search as `GET /api/saved-searches` shows it.
 */
export async function createSavedSearch(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { userId: number } & CreateSavedSearchInput,
): Promise<CommandOutcome<SavedSearchView>> {
  if ((await countSavedSearchesLocked(trx, input.userId)) >= MAX_SAVED_SEARCHES) {
    throw AppError.validation({ name: [`You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`] });
  }
  if (await savedSearchNameTaken(trx, input.userId, input.name)) throw AppError.validation(NAME_TAKEN);
  const id = await insertSavedSearch(trx, input.userId, { name: input.name, query: input.query, frequency: input.frequency, ...matchColumns(input.query) });
  return {
    result: await readSavedSearch(trx, id),
    events: [
      domainEvent(
        'saved_search.created',
        { type: 'user', id: input.userId },
        { saved_search_id: id, user_id: input.userId, name: input.name, frequency: input.frequency },
      ),
    ],
  };
}

/**
 * Command (the user): changes their saved search's name, query, frequency or pause. Another
 * user's search is 404; a name they use already is 422.
 * @returns the saved search after.
 */
export async function updateSavedSearch(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { userId: number; id: number; changes: UpdateSavedSearchInput },
): Promise<CommandOutcome<SavedSearchView>> {
  const before = await findSavedSearch(trx, input.userId, input.id, { forUpdate: true });
  if (!before) throw AppError.notFound('Saved search not found.');
  const c = input.changes;
  if (c.name !== undefined && c.name.toLowerCase() !== before.name.toLowerCase() && (await savedSearchNameTaken(trx, input.userId, c.name, input.id))) {
    throw AppError.validation(NAME_TAKEN);
  }
  const beforeQuery = (typeof before.query === 'string' ? JSON.parse(before.query) : before.query) as Record<string, unknown>;
  const after = {
    name: c.name ?? before.name,
    query: c.query ?? beforeQuery,
    frequency: c.frequency ?? before.frequency,
    paused: c.paused ?? before.paused,
  };
  await updateSavedSearchRow(trx, input.id, { ...after, ...matchColumns(after.query) });
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const was = { name: before.name, query: beforeQuery, frequency: before.frequency, paused: before.paused };
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (JSON.stringify(was[key]) !== JSON.stringify(after[key])) changes[key] = { before: was[key], after: after[key] };
  }
  return {
    result: await readSavedSearch(trx, input.id),
    events: Object.keys(changes).length
      ? [
          domainEvent(
            'saved_search.updated',
            { type: 'user', id: input.userId },
            { saved_search_id: input.id, user_id: input.userId, name: after.name, changes },
          ),
        ]
      : [],
  };
}

/** Command (the user): deletes their saved search (404 when it isn't theirs). */
export async function deleteSavedSearch(trx: Transaction<Database>, _actor: Actor, input: { userId: number; id: number }): Promise<CommandOutcome<null>> {
  const before = await findSavedSearch(trx, input.userId, input.id, { forUpdate: true });
  if (!before) throw AppError.notFound('Saved search not found.');
  await deleteSavedSearchRow(trx, input.id);
  return {
    result: null,
    events: [domainEvent('saved_search.deleted', { type: 'user', id: input.userId }, { saved_search_id: input.id, user_id: input.userId, name: before.name })],
  };
}
