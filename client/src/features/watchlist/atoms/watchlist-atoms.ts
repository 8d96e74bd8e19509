import { atom } from 'jotai';
import { ApiError } from '../../../lib/api-client';
import { openAuthModal } from '../../../lib/auth-modal';
import { WATCHLIST_MESSAGES, WATCHLIST_UPDATED_EVENT } from '@shared/messages/watchlist';
import type { Item } from '@shared/schemas/item.schema';
import type { Pagination, WatchlistEntry } from '@shared/schemas/watchlist.schema';
import { addToWatchlist } from '../api/add-to-watchlist';
import { getWatchlist } from '../api/get-watchlist';
import { getWatchlistCount } from '../api/get-watchlist-count';
import { getWatchlistIds } from '../api/get-watchlist-ids';
import { removeFromWatchlist } from '../api/remove-from-watchlist';

/*
 * The watchlist store. Source: spec/accounts-and-shell.md §4 "Watchlist", §5, §8, §9:
 * optimistic add (front of the list, removed again on failure) and remove (list restored on
 * failure), toggle by membership, count sync (refetch when the server count differs), the
 * `watchlist-updated` window event after changes, loaded on sign-in and cleared on sign-out,
 * page 1 replaces and later pages append.
 */

/** True while a user is signed in (set by {@link useWatchlistSession}); guests get an empty list. */
export const watchlistEnabledAtom = atom(false);
/** The loaded entries (page 1, then later pages appended), most recently added first. */
export const watchlistItemsAtom = atom<WatchlistEntry[]>([]);
/** Pagination of the last loaded page, null before the first load. */
export const watchlistMetaAtom = atom<Pagination | null>(null);
/** Ids of every watched item: what each watch button shows. */
export const watchlistIdsAtom = atom<ReadonlySet<number>>(new Set<number>());
/** Number of watched items (navigation badge). */
export const watchlistCountAtom = atom(0);
/** True while a page is loading. */
export const watchlistLoadingAtom = atom(false);
/** The last error message (server message preferred, else the spec's default), or null. */
export const watchlistErrorAtom = atom<string | null>(null);
/** Search text of the loaded list. */
export const watchlistSearchAtom = atom('');
/** An item a guest tried to watch; added once they sign in. */
const pendingWatchItemAtom = atom<Item | null>(null);

let fetchSeq = 0;

/** Message of a failed call: the server's message when it answered one, else `fallback`. */
export function watchlistErrorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status !== 0 && typeof e.body?.message === 'string' && e.body.message) return e.body.message;
  return fallback;
}

/** Fires the window event `watchlist-updated` with `{count}`. */
function fireUpdated(count: number): void {
  window.dispatchEvent(new CustomEvent(WATCHLIST_UPDATED_EVENT, { detail: { count } }));
}

/**
 * Loads a page (`page` 1 replaces the list, later pages append) with `search` (default: the
 * current search). Signed out: the list is emptied. Failure sets 'Failed to fetch watchlist'
 * (or the server's message).
 */
export const fetchWatchlistAtom = atom(null, async (get, set, opts: { page?: number; search?: string } = {}) => {
  if (!get(watchlistEnabledAtom)) {
    set(watchlistItemsAtom, []);
    set(watchlistMetaAtom, null);
    return;
  }
  const page = opts.page ?? 1;
  const search = (opts.search ?? get(watchlistSearchAtom)).trim();
  const seq = ++fetchSeq;
  set(watchlistSearchAtom, search);
  set(watchlistLoadingAtom, true);
  set(watchlistErrorAtom, null);
  try {
    const res = await getWatchlist({ page, search });
    if (seq !== fetchSeq || !get(watchlistEnabledAtom)) return;
    if (page === 1) {
      set(watchlistItemsAtom, res.data);
    } else {
      const have = new Set(get(watchlistItemsAtom).map((i) => i.id));
      set(watchlistItemsAtom, [...get(watchlistItemsAtom), ...res.data.filter((d) => !have.has(d.id))]);
    }
    set(watchlistMetaAtom, res.meta);
    if (!search) set(watchlistCountAtom, res.meta.total);
  } catch (e) {
    if (seq === fetchSeq) set(watchlistErrorAtom, watchlistErrorMessage(e, WATCHLIST_MESSAGES.failedToFetch));
  } finally {
    if (seq === fetchSeq) set(watchlistLoadingAtom, false);
  }
});

/** Reloads the membership ids (after sign-in and when the server count differs). */
const refreshIdsAtom = atom(null, async (get, set) => {
  try {
    const ids = await getWatchlistIds();
    if (get(watchlistEnabledAtom)) set(watchlistIdsAtom, new Set(ids));
  } catch (e) {
    console.warn('Watchlist ids lookup failed', e);
  }
});

/** Adds an item optimistically: front of the list, badge +1; removed again on failure. */
export const addToWatchlistAtom = atom(null, async (get, set, item: Item): Promise<{ ok: boolean; error?: string; needsSignIn?: boolean }> => {
  if (!get(watchlistEnabledAtom)) {
    set(watchlistErrorAtom, WATCHLIST_MESSAGES.signInToAdd);
    set(pendingWatchItemAtom, item);
    openAuthModal('login');
    return { ok: false, error: WATCHLIST_MESSAGES.signInToAdd, needsSignIn: true };
  }
  if (get(watchlistIdsAtom).has(item.id)) return { ok: true };
  set(watchlistErrorAtom, null);
  const entry: WatchlistEntry = { ...item, watchlist_id: 0, added_at: new Date().toISOString() };
  set(watchlistItemsAtom, [entry, ...get(watchlistItemsAtom).filter((i) => i.id !== item.id)]);
  set(watchlistIdsAtom, new Set([item.id, ...get(watchlistIdsAtom)]));
  set(watchlistCountAtom, get(watchlistCountAtom) + 1);
  try {
    const res = await addToWatchlist(item.id);
    set(watchlistCountAtom, res.count);
    fireUpdated(res.count);
    return { ok: true };
  } catch (e) {
    set(
      watchlistItemsAtom,
      get(watchlistItemsAtom).filter((i) => i.id !== item.id),
    );
    const ids = new Set(get(watchlistIdsAtom));
    ids.delete(item.id);
    set(watchlistIdsAtom, ids);
    set(watchlistCountAtom, Math.max(0, get(watchlistCountAtom) - 1));
    const error = watchlistErrorMessage(e, WATCHLIST_MESSAGES.failedToAdd);
    set(watchlistErrorAtom, error);
    return { ok: false, error };
  }
});

/** Removes an item (by item id) optimistically; the list, ids and badge are restored on failure. */
export const removeFromWatchlistAtom = atom(null, async (get, set, itemId: number): Promise<{ ok: boolean; error?: string; needsSignIn?: boolean }> => {
  if (!get(watchlistEnabledAtom)) {
    set(watchlistErrorAtom, WATCHLIST_MESSAGES.signInToManage);
    openAuthModal('login');
    return { ok: false, error: WATCHLIST_MESSAGES.signInToManage, needsSignIn: true };
  }
  const before = { items: get(watchlistItemsAtom), ids: get(watchlistIdsAtom), count: get(watchlistCountAtom), meta: get(watchlistMetaAtom) };
  const wasMember = before.ids.has(itemId) || before.items.some((i) => i.id === itemId);
  set(watchlistErrorAtom, null);
  set(
    watchlistItemsAtom,
    before.items.filter((i) => i.id !== itemId),
  );
  const ids = new Set(before.ids);
  ids.delete(itemId);
  set(watchlistIdsAtom, ids);
  if (wasMember) set(watchlistCountAtom, Math.max(0, before.count - 1));
  if (wasMember && before.meta) set(watchlistMetaAtom, { ...before.meta, total: Math.max(0, before.meta.total - 1) });
  try {
    const res = await removeFromWatchlist(itemId);
    set(watchlistCountAtom, res.count);
    fireUpdated(res.count);
    return { ok: true };
  } catch (e) {
    set(watchlistItemsAtom, before.items);
    set(watchlistIdsAtom, before.ids);
    set(watchlistCountAtom, before.count);
    set(watchlistMetaAtom, before.meta);
    const error = watchlistErrorMessage(e, WATCHLIST_MESSAGES.failedToRemove);
    set(watchlistErrorAtom, error);
    return { ok: false, error };
  }
});

/** Adds or removes by membership; answers whether it worked and whether the item is now watched. */
export const toggleWatchlistAtom = atom(null, async (get, set, item: Item) => {
  const watched = get(watchlistIdsAtom).has(item.id);
  const res = watched ? await set(removeFromWatchlistAtom, item.id) : await set(addToWatchlistAtom, item);
  return { ...res, inWatchlist: res.ok ? !watched : watched };
});

/**
 * Count sync: with `serverCount` (from the `watchlist:count` socket event) or else asks
 * `GET /api/watchlist/count`; when it differs from the local count, takes it and refetches the
 * ids and page 1 of the list.
 */
export const syncWatchlistCountAtom = atom(null, async (get, set, serverCount?: number) => {
  if (!get(watchlistEnabledAtom)) return;
  let count = serverCount;
  if (count === undefined) {
    try {
      count = await getWatchlistCount();
    } catch (e) {
      console.warn('Watchlist count lookup failed', e);
      return;
    }
  }
  if (count === get(watchlistCountAtom)) return;
  set(watchlistCountAtom, count);
  fireUpdated(count);
  await Promise.all([set(refreshIdsAtom), set(fetchWatchlistAtom, { page: 1 })]);
});

/** After sign-in: page 1, ids and count; then adds the item a guest tried to watch, if any. */
export const loadWatchlistAtom = atom(null, async (get, set) => {
  set(watchlistEnabledAtom, true);
  await Promise.all([set(refreshIdsAtom), set(fetchWatchlistAtom, { page: 1, search: '' })]);
  const pending = get(pendingWatchItemAtom);
  if (pending) {
    set(pendingWatchItemAtom, null);
    await set(addToWatchlistAtom, pending);
  }
});

/** On sign-out: empties everything. */
export const clearWatchlistAtom = atom(null, (_get, set) => {
  fetchSeq++;
  set(watchlistEnabledAtom, false);
  set(watchlistItemsAtom, []);
  set(watchlistMetaAtom, null);
  set(watchlistIdsAtom, new Set<number>());
  set(watchlistCountAtom, 0);
  set(watchlistLoadingAtom, false);
  set(watchlistErrorAtom, null);
  set(watchlistSearchAtom, '');
});
