import type { Kysely } from 'kysely';
import { MESSAGES } from '../../shared/messages.js';
import { WATCHLIST_MESSAGES } from '../../shared/messages/watchlist.js';
import type { WatchlistChangeResult } from '../../shared/schemas/watchlist.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import type { EventBus } from '../realtime/bus.js';
import { countWatchlist, deleteWatchlistItem, insertWatchlistItem, itemExists } from './watchlist.repository.js';

/**
 * Adds an item to the user's watchlist. Idempotent: adding an item already watched changes
 * nothing and is not an error (`changed: false`). Publishes `watchlist.count` for the user's room
 * after the write (every tab and device of the user updates its badge).
 * @throws AppError 404 'Item not found' when the item does not exist.
 * Source: spec/accounts-and-shell.md §4 "Watchlist", §7; DESIGN.md socket contract.
 */
export async function addToWatchlist(db: Kysely<Database>, bus: EventBus, userId: number, itemId: number): Promise<WatchlistChangeResult> {
  if (!(await itemExists(db, itemId))) throw AppError.notFound(MESSAGES.itemNotFound);
  const changed = await insertWatchlistItem(db, userId, itemId);
  const count = await countWatchlist(db, userId);
  await bus.publish({ type: 'watchlist.count', userId, payload: { count } });
  return { success: true, message: WATCHLIST_MESSAGES.added, in_watchlist: true, changed, count };
}

/**
 * Removes an item (by item id) from the user's watchlist. Idempotent: removing an item not on
 * the list answers `changed: false`. Publishes `watchlist.count` for the user's room.
 * Source: spec/accounts-and-shell.md §4 "Watchlist", §7.
 */
export async function removeFromWatchlist(db: Kysely<Database>, bus: EventBus, userId: number, itemId: number): Promise<WatchlistChangeResult> {
  const changed = await deleteWatchlistItem(db, userId, itemId);
  const count = await countWatchlist(db, userId);
  await bus.publish({ type: 'watchlist.count', userId, payload: { count } });
  return { success: true, message: WATCHLIST_MESSAGES.removed, in_watchlist: false, changed, count };
}
