import { CART_MESSAGES as M } from '@shared/messages/cart';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN, type CartItem, type CartSnapshot } from '@shared/schemas/cart.schema';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import { reconnectSocket } from '../../../lib/socket';
import { appStore } from '../../../lib/store';
import { deleteFromCart, fetchCartSnapshot, patchCartQuantity, postAddToCart, postClearCart, postValidateCart } from '../api/cart-api';
import { cartBusyIdsAtom, cartPendingCountAtom, cartStateAtom, type CartEntry } from '../atoms/cart-atoms';

/**
 * The client cart store: optimistic add/remove/update with rollback, an offline queue with a
 * pending counter replayed when back online, fetch retries (3 × 2/4/8 s), local save 300 ms after
 * a change (version 2.0), the analytics log of the last 100 events, tab sync through a
 * BroadcastChannel, and server pushes (`cart:updated`). Source: spec/shopping.md §3, §4
 * "Cart behaviour", §8 "Cart", §9.
 */

/** localStorage keys. */
export const CART_STORAGE_KEY = 'gavel_cart';
export const CART_QUEUE_KEY = 'gavel_cart_queue';
export const CART_ANALYTICS_KEY = 'gavel_cart_analytics';
/** Stored cart version. Source: spec §9. */
export const CART_STORAGE_VERSION = '2.0';
/** Waits between cart fetch retries, ms. Source: spec §9. */
export const CART_FETCH_RETRY_DELAYS = [2000, 4000, 8000];
const SAVE_DEBOUNCE_MS = 300;
const ANALYTICS_LIMIT = 100;
const BUSY_MIN_MS = 500;

type QueuedOp = { op: 'add'; id: number; quantity: number } | { op: 'remove'; id: number } | { op: 'update'; id: number; quantity: number };

/** Something that can go in the cart: an item of the listing or detail page. */
export interface CartCandidate {
  id: number;
  name: string;
  description?: string | null;
  code?: string | null;
  target_amount: number;
  image?: string | null;
  cropped?: string | null;
  is_reserved?: boolean;
  status?: string;
  quantity?: number;
  auction_type: { id: number; name: string; type: 'cash' | 'online' | 'live' };
}

const channel: BroadcastChannel | null = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('gavel-cart') : null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

const getState = () => appStore.get(cartStateAtom);

function setItems(items: CartEntry[], opts: { broadcast?: boolean; synced?: boolean } = {}): void {
  const prev = getState();
  appStore.set(cartStateAtom, { ...prev, items, ready: true, lastSyncTime: opts.synced ? Date.now() : prev.lastSyncTime });
  scheduleSave();
  if (opts.broadcast !== false) channel?.postMessage({ type: 'cart', items });
}

function fromServer(items: CartItem[]): CartEntry[] {
  const now = Date.now();
  return items.map((i) => ({ ...i, lastUpdated: now }));
}

/** Replaces the cart with the server's snapshot (fetch answers, change answers, `cart:updated`). */
export function applyServerCart(snapshot: Pick<CartSnapshot, 'items'>, opts: { broadcast?: boolean } = {}): void {
  // Changes still queued offline stay visible until they are replayed.
  if (appStore.get(cartPendingCountAtom) > 0) return;
  setItems(fromServer(snapshot.items), { synced: true, broadcast: opts.broadcast });
}

function scheduleSave(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    const s = getState();
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: s.items, lastSyncTime: s.lastSyncTime, version: CART_STORAGE_VERSION }));
    } catch {
      /* storage full or blocked: the server keeps the cart */
    }
  }, SAVE_DEBOUNCE_MS);
}

/** Appends an event to the analytics log (last 100 kept): event, timestamp, cart_count, cart_total, item details. */
export function logCartEvent(event: string, item?: { id: number; name: string; quantity?: number; target_amount?: number }): void {
  try {
    const s = getState();
    const entry = {
      event,
      timestamp: new Date().toISOString(),
      cart_count: s.items.reduce((n, i) => n + i.quantity, 0),
      cart_total: s.items.reduce((n, i) => n + i.target_amount * i.quantity, 0),
      ...(item ? { item_id: item.id, item_name: item.name, quantity: item.quantity, price: item.target_amount } : {}),
    };
    const log = JSON.parse(localStorage.getItem(CART_ANALYTICS_KEY) ?? '[]') as unknown[];
    log.push(entry);
    localStorage.setItem(CART_ANALYTICS_KEY, JSON.stringify(log.slice(-ANALYTICS_LIMIT)));
  } catch {
    /* analytics never breaks the cart */
  }
}

function readQueue(): QueuedOp[] {
  try {
    const q = JSON.parse(localStorage.getItem(CART_QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(q) ? (q as QueuedOp[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(q: QueuedOp[]): void {
  try {
    localStorage.setItem(CART_QUEUE_KEY, JSON.stringify(q));
  } catch {
    /* ignore */
  }
  appStore.set(cartPendingCountAtom, q.length);
}

function enqueue(op: QueuedOp): void {
  writeQueue([...readQueue(), op]);
}

const isOffline = (e?: unknown) => (typeof navigator !== 'undefined' && navigator.onLine === false) || (e instanceof ApiError && e.isNetworkError);
const serverMessage = (e: unknown, fallback: string) => (e instanceof ApiError && !e.isNetworkError && e.body?.message ? e.body.message : fallback);

async function withBusy<T>(id: number, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  appStore.set(cartBusyIdsAtom, new Set([...appStore.get(cartBusyIdsAtom), id]));
  try {
    return await run();
  } finally {
    const wait = BUSY_MIN_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const next = new Set(appStore.get(cartBusyIdsAtom));
    next.delete(id);
    appStore.set(cartBusyIdsAtom, next);
  }
}

/**
 * Adds an item (quantity 1 unless given): appears at once (optimistic), confirmed by the server
 * or rolled back with the server's message ('Failed to add item to cart' by default). Offline it
 * is queued ('No internet connection. Item will be added when connection is restored.').
 * @returns true when the item is (or will be) in the cart.
 */
export async function addToCart(item: CartCandidate, quantity = 1): Promise<boolean> {
  if (getState().items.some((i) => i.id === item.id)) {
    notifyInfo(M.alreadyInCart);
    return false;
  }
  const q = Math.min(CART_QUANTITY_MAX, Math.max(CART_QUANTITY_MIN, Math.floor(quantity)));
  const entry: CartEntry = {
    id: item.id,
    name: item.name,
    description: item.description ?? null,
    code: item.code ?? null,
    quantity: q,
    target_amount: item.target_amount,
    subtotal: item.target_amount * q,
    auction_type: item.auction_type,
    type: item.auction_type.type,
    image: item.cropped ?? item.image ?? null,
    is_reserved: item.is_reserved ?? false,
    status: item.status ?? 'available',
    available_quantity: item.quantity ?? 1,
    optimistic: true,
    lastUpdated: Date.now(),
  };
  const before = getState().items;
  setItems([...before, entry]);
  logCartEvent('add_to_cart', { ...item, quantity: q });
  if (isOffline()) {
    enqueue({ op: 'add', id: item.id, quantity: q });
    notifyWarning(M.addOffline);
    return true;
  }
  return withBusy(item.id, async () => {
    try {
      const res = await postAddToCart(item.id, q);
      applyServerCart(res.cart);
      notifySuccess(M.added(item.name));
      return true;
    } catch (e) {
      if (isOffline(e)) {
        enqueue({ op: 'add', id: item.id, quantity: q });
        notifyWarning(M.addOffline);
        return true;
      }
      setItems(getState().items.filter((i) => i.id !== item.id));
      logCartEvent('add_to_cart_failed', { ...item, quantity: q });
      notifyError(serverMessage(e, M.addFailed));
      return false;
    }
  });
}

/**
 * Removes an item: gone at once, put back on failure ('Failed to remove item from cart'),
 * queued offline. Unknown ids warn 'Item not found in cart.'.
 */
export async function removeFromCart(itemId: number): Promise<boolean> {
  const before = getState().items;
  const index = before.findIndex((i) => i.id === itemId);
  if (index < 0) {
    notifyWarning(M.notInCart);
    return false;
  }
  const removed = before[index];
  setItems(before.filter((i) => i.id !== itemId));
  logCartEvent('remove_from_cart', removed);
  if (isOffline()) {
    enqueue({ op: 'remove', id: itemId });
    notifyWarning(M.removeOffline);
    return true;
  }
  return withBusy(itemId, async () => {
    try {
      const res = await deleteFromCart(itemId);
      applyServerCart(res.cart);
      notifySuccess(M.removed(removed.name));
      return true;
    } catch (e) {
      if (isOffline(e)) {
        enqueue({ op: 'remove', id: itemId });
        notifyWarning(M.removeOffline);
        return true;
      }
      if (e instanceof ApiError && e.status === 404) return true; // already gone on the server
      const now = getState().items;
      if (!now.some((i) => i.id === itemId)) {
        const restored = [...now];
        restored.splice(Math.min(index, restored.length), 0, removed);
        setItems(restored);
      }
      notifyError(serverMessage(e, M.removeFailed));
      return false;
    }
  });
}

/**
 * Sets a quantity: 0 or less removes the item; otherwise clamped to 1-99, applied at once and
 * reverted on failure ('Failed to update item quantity'); queued offline.
 */
export async function updateCartQuantity(itemId: number, quantity: number): Promise<boolean> {
  if (quantity <= 0) return removeFromCart(itemId);
  const q = Math.min(CART_QUANTITY_MAX, Math.max(CART_QUANTITY_MIN, Math.floor(quantity)));
  const before = getState().items;
  const current = before.find((i) => i.id === itemId);
  if (!current) {
    notifyWarning(M.notInCart);
    return false;
  }
  if (current.quantity === q) return true;
  setItems(before.map((i) => (i.id === itemId ? { ...i, quantity: q, subtotal: i.target_amount * q, lastUpdated: Date.now() } : i)));
  logCartEvent('update_quantity', { ...current, quantity: q });
  if (isOffline()) {
    enqueue({ op: 'update', id: itemId, quantity: q });
    notifyWarning(M.updateOffline);
    return true;
  }
  try {
    const res = await patchCartQuantity(itemId, q);
    applyServerCart(res.cart);
    return true;
  } catch (e) {
    if (isOffline(e)) {
      enqueue({ op: 'update', id: itemId, quantity: q });
      notifyWarning(M.updateOffline);
      return true;
    }
    setItems(getState().items.map((i) => (i.id === itemId ? { ...i, quantity: current.quantity, subtotal: current.subtotal } : i)));
    notifyError(serverMessage(e, M.updateFailed));
    return false;
  }
}

/**
 * Empties the cart on the server and here (the UI asks for confirmation first). An empty cart
 * says 'Your cart is already empty.'; a server failure 'Failed to clear cart on server.'.
 * `silent` skips toasts (after an order).
 */
export async function clearCart(opts: { silent?: boolean } = {}): Promise<boolean> {
  const before = getState().items;
  if (before.length === 0 && !opts.silent) {
    notifyInfo(M.alreadyEmpty);
    return true;
  }
  writeQueue([]);
  setItems([]);
  logCartEvent('clear_cart');
  try {
    await postClearCart();
    if (!opts.silent) notifySuccess('Cart cleared');
    return true;
  } catch (e) {
    if (opts.silent) return false;
    if (!isOffline(e)) {
      setItems(before);
      notifyError(M.clearServerFailed);
    } else notifyError(M.clearFailed);
    return false;
  }
}

/** Forgets the local cart (storage and state) without calling the server: after an order, or another tab's clear. */
export function forgetLocalCart(): void {
  writeQueue([]);
  setItems([]);
  try {
    localStorage.removeItem(CART_STORAGE_KEY);
  } catch {
    /* ignore */
  }
}

/**
 * Loads the cart from the server, retrying 3 times after 2, 4 and 8 s; the last failure sets
 * 'Failed to fetch cart.'. When the server just issued the guest cart cookie, the socket
 * reconnects so it joins the guest cart's room.
 */
export async function fetchCart(): Promise<void> {
  appStore.set(cartStateAtom, { ...getState(), loading: true, error: null });
  for (let attempt = 0; ; attempt++) {
    try {
      const snap = await fetchCartSnapshot();
      appStore.set(cartStateAtom, { ...getState(), loading: false, error: null });
      applyServerCart(snap);
      if (snap.guestCookieIssued) reconnectSocket({ sameViewer: true });
      return;
    } catch {
      if (attempt >= CART_FETCH_RETRY_DELAYS.length) {
        appStore.set(cartStateAtom, { ...getState(), loading: false, ready: true, error: M.fetchFailed });
        return;
      }
      await new Promise((r) => setTimeout(r, CART_FETCH_RETRY_DELAYS[attempt]));
    }
  }
}

/**
 * Checks the cart with the server: unavailable items are dropped ('N item(s) are no longer
 * available and have been removed from your cart') and every issue is shown as a warning. A
 * failed request counts as valid. Answers the reserved item ids.
 */
export async function validateCart(): Promise<{ reservedIds: number[]; issues: string[] }> {
  const items = getState().items;
  if (!items.length) return { reservedIds: [], issues: [] };
  try {
    const res = await postValidateCart(items.map((i) => i.id));
    if (res.unavailable_items.length) {
      setItems(getState().items.filter((i) => !res.unavailable_items.includes(i.id)));
      notifyWarning(M.noLongerAvailable(res.unavailable_items.length));
    }
    for (const issue of res.issues) notifyWarning(issue);
    const reserved = new Set(res.reserved_items ?? []);
    if (reserved.size) setItems(getState().items.map((i) => (reserved.has(i.id) ? { ...i, is_reserved: true } : i)));
    return { reservedIds: [...reserved], issues: res.issues };
  } catch {
    return { reservedIds: [], issues: [] };
  }
}

/** Replays the offline queue in order; the counter resets once it went through, then the cart is re-read. */
export async function syncOfflineQueue(): Promise<void> {
  const queue = readQueue();
  if (!queue.length) return;
  for (let i = 0; i < queue.length; i++) {
    const op = queue[i];
    try {
      if (op.op === 'add') await postAddToCart(op.id, op.quantity);
      else if (op.op === 'remove') await deleteFromCart(op.id);
      else await patchCartQuantity(op.id, op.quantity);
    } catch (e) {
      if (e instanceof ApiError && e.isNetworkError) {
        writeQueue(queue.slice(i));
        return;
      }
      // Refused by the server (sold, already in cart, gone): the server's cart decides.
    }
  }
  writeQueue([]);
  logCartEvent('offline_sync');
  await fetchCart();
}

/** Items injected by the server page (`window.cartItems`), if any. Source: spec §3 "Page-level globals". */
function pageCartItems(): CartItem[] | null {
  const g = (globalThis as { cartItems?: unknown }).cartItems;
  return Array.isArray(g) ? (g as CartItem[]) : null;
}

/** Reads the stored cart (version 2.0 only). */
function storedCart(): CartEntry[] | null {
  try {
    const raw = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { items?: CartEntry[]; version?: string } | null;
    return raw?.version === CART_STORAGE_VERSION && Array.isArray(raw.items) ? raw.items : null;
  } catch {
    return null;
  }
}

let started = false;

/**
 * Starts the store once: seeds from page data (else shows the stored cart while fetching),
 * fetches from the server, listens to other tabs, and replays the offline queue when the
 * connection returns. Answers a function that stops the listeners.
 */
export function startCartStore(): () => void {
  if (started) return () => undefined;
  started = true;
  appStore.set(cartPendingCountAtom, readQueue().length);
  const seeded = pageCartItems();
  if (seeded) setItems(fromServer(seeded), { broadcast: false });
  else {
    const stored = storedCart();
    if (stored) setItems(stored, { broadcast: false });
    void fetchCart();
  }
  const onMessage = (e: MessageEvent<{ type?: string; items?: CartEntry[] }>) => {
    if (e.data?.type === 'cart' && Array.isArray(e.data.items)) setItems(e.data.items, { broadcast: false });
  };
  const onOnline = () => void syncOfflineQueue();
  channel?.addEventListener('message', onMessage);
  window.addEventListener('online', onOnline);
  if (navigator.onLine && readQueue().length) void syncOfflineQueue();
  return () => {
    started = false;
    channel?.removeEventListener('message', onMessage);
    window.removeEventListener('online', onOnline);
  };
}
