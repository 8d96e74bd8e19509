import type { Transaction } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { WATCHLIST_MESSAGES } from '@shared/messages/watchlist.js';
import type { WatchlistChangeResult } from '@shared/schemas/watchlist.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { itemExists } from '../items/items.repository.js';
import { countWatchlist, deleteWatchlistItem, insertWatchlistItem } from './watchlist.repository.js';

/** The user a watchlist command acts for. @throws AppError 401 for any other actor. */
function watcherOf(actor: Actor): number {
  if (actor.type === 'user' || actor.type === 'operator') return actor.id;
  throw AppError.unauthenticated(WATCHLIST_MESSAGES.signInToManage);
}

/**
 * Command: adds a lot to the actor's watchlist. Idempotent: a lot already watched changes
 * nothing and is not an error (`changed: false`, no event). Event `watchlist.changed` (every tab
 * and device of the user updates its badge).
 * @throws AppError 404 'Item not found' when the lot does not exist.
 * Source: spec/accounts-and-shell.md §4 "Watchlist", §7.
 */
export async function addToWatchlist(trx: Transaction<Database>, actor: Actor, input: { itemId: number }): Promise<CommandOutcome<WatchlistChangeResult>> {
  const userId = watcherOf(actor);
  if (!(await itemExists(trx, input.itemId))) throw AppError.notFound(MESSAGES.itemNotFound);
  const changed = await insertWatchlistItem(trx, userId, input.itemId);
  const count = await countWatchlist(trx, userId);
  return {
    result: { success: true, message: WATCHLIST_MESSAGES.added, in_watchlist: true, changed, count },
    events: changed ? [domainEvent('watchlist.changed', { type: 'user', id: userId }, { user_id: userId, item_id: input.itemId, watching: true })] : [],
  };
}

/**
 * Command: removes a lot (by lot id) from the actor's watchlist. Idempotent: a lot not on the
 * list answers `changed: false` and causes no event. Event `watchlist.changed`.
 * Source: spec/accounts-and-shell.md §4 "Watchlist", §7.
 */
export async function removeFromWatchlist(trx: Transaction<Database>, actor: Actor, input: { itemId: number }): Promise<CommandOutcome<WatchlistChangeResult>> {
  const userId = watcherOf(actor);
  const changed = await deleteWatchlistItem(trx, userId, input.itemId);
  const count = await countWatchlist(trx, userId);
  return {
    result: { success: true, message: WATCHLIST_MESSAGES.removed, in_watchlist: false, changed, count },
    events: changed ? [domainEvent('watchlist.changed', { type: 'user', id: userId }, { user_id: userId, item_id: input.itemId, watching: false })] : [],
  };
}
