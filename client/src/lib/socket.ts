import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { atom } from 'jotai';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events';

/** The typed Socket.IO client of the app. Source: DESIGN.md "Socket.IO". */
export type GavelSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * How the app connects: same origin, path /socket.io, cookies sent; WebSocket first, and where it
 * cannot connect (some mobile carriers and proxies block it) HTTP long-polling by itself.
 * Source: issue 17 "Live updates on a poor connection".
 */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  withCredentials: true,
};

let socket: GavelSocket | null = null;
const roomCounts = new Map<number, number>();
/** The last bid id each watched item's views have seen (live, or in the bids they loaded). */
const lastBidSeen = new Map<number, number>();
/** When the oldest copy of each item waiting for the connection was asked for (the browser's clock, ms). */
const askedAtWaiting = new Map<number, number>();
/** Items whose room joined on the latest connect carrying the age of a copy (see {@link copyComparedOnJoin}). */
const agedOnConnect = new Set<number>();
/** When the newest copy of each item read whole (`GET /ajax-item/{id}`) was asked for (the browser's clock, ms). */
const itemCopies = new Map<number, number>();
/** Views to tell when an item must be read again (the server could not replay what was missed). */
const reloadListeners = new Map<number, Set<() => void>>();

/**
 * Notes that the views of an item have seen its bids up to `bidId` (0: the item has none), so a
 * reconnect asks the server for the bids after it (issue 17 "Live updates on a poor connection").
 * A view that calls it handles bids replayed out of order (an older bid after a newer one).
 */
export function noteBidSeen(itemId: number, bidId: number): void {
  lastBidSeen.set(itemId, Math.max(lastBidSeen.get(itemId) ?? 0, bidId));
}

/** Calls `reload` when the item's missed bids could not be replayed after a reconnect; returns the function that stops it. */
export function onItemReload(itemId: number, reload: () => void): () => void {
  const set = reloadListeners.get(itemId) ?? new Set<() => void>();
  set.add(reload);
  reloadListeners.set(itemId, set);
  return () => {
    set.delete(reload);
    if (set.size === 0) reloadListeners.delete(itemId);
  };
}

/**
 * The one socket of the app (same origin, path /socket.io, cookies sent): WebSocket first, and
 * where it cannot connect (some mobile carriers and proxies block it) HTTP long-polling by itself
 * (issue 17 "Live updates on a poor connection"). Created on first use and connected in the next
 * task. On every (re)connect it joins again every item room still wanted, because a new
 * connection starts with no rooms, asking for the bids missed since the last one seen
 * ({@link noteBidSeen}); they arrive as `bid:placed` before the new ones.
 */
export function getSocket(): GavelSocket {
  if (socket) return socket;
  // It opens in a task of its own: opening it inside the first drawing's effects made that task
  // longer on a cheap phone (issue 17: total blocking time).
  const s: GavelSocket = io({ ...SOCKET_OPTIONS, autoConnect: false });
  setTimeout(() => {
    if (!s.active) s.connect();
  }, 0);
  s.on('connect', () => {
    lastConnectQuiet = quietReconnectAsked;
    quietReconnectAsked = false;
    agedOnConnect.clear();
    for (const id of roomCounts.keys()) {
      const after = lastBidSeen.get(id);
      const age = dataAge(id);
      if (age.data_age_ms != null) agedOnConnect.add(id);
      if (after == null) {
        s.emit('item:subscribe', { item_id: id, ...age });
        continue;
      }
      // Back after a drop: the server sends the bids missed since, in order; or says to read the item again.
      s.emit('item:subscribe', { item_id: id, after_bid_id: after, ...age }, (ack) => {
        if (ack?.reload) for (const reload of reloadListeners.get(id) ?? []) reload();
      });
    }
  });
  // Only items whose view asked for replays (it noted the bids it loaded) keep count.
  s.on('bid:placed', (e) => {
    if (lastBidSeen.has(e.item_id)) noteBidSeen(e.item_id, e.bid.id);
  });
  // The server ends a socket whose session was signed out (in another tab, too) or when a
  // process hands its sockets over: connect again, as whoever the cookies now say.
  s.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 1000);
  });
  socket = s;
  return s;
}

/** Set by a {@link reconnectSocket} for the same viewer until the next connect, which then counts as quiet. */
let quietReconnectAsked = false;
/** Whether the latest connect followed a reconnect for the same viewer (see {@link connectWasQuiet}). */
let lastConnectQuiet = false;

/**
 * Drops the connection and opens a new one so the server reads the cookies again: after sign-in
 * and sign-out, or (`sameViewer`) when only the guest's cart cookie was just issued. A reconnect
 * for the same viewer is quiet: the item rooms join again asking for what changed since this
 * moment (the server sends `item:updated` for those), so nothing on screen need be read again
 * ({@link connectWasQuiet}). On a first visit this reconnect comes within a second of the first
 * connect; reading every shown list again then cost a listing request and a whole new drawing of
 * the page on a cheap phone (issue 17).
 */
export function reconnectSocket(opts: { sameViewer?: boolean } = {}): void {
  const s = getSocket();
  if (opts.sameViewer && s.connected) {
    const now = Date.now();
    for (const id of roomCounts.keys()) askedAtWaiting.set(id, Math.min(now, askedAtWaiting.get(id) ?? now));
    quietReconnectAsked = true;
  }
  s.disconnect();
  s.connect();
}

/**
 * Whether the socket's latest connect was a quiet reconnect ({@link reconnectSocket} with
 * `sameViewer`): what is on screen was live until a moment ago and its rooms ask for what changed
 * since, so it need not be read again. Read it in a `connect` listener.
 */
export function connectWasQuiet(): boolean {
  return lastConnectQuiet;
}

/**
 * Notes that a whole copy of item `itemId` was asked for at `askedAt` (the browser's clock, ms),
 * so the view that shows it joins the item's room with its age ({@link itemCopyAskedAt}).
 */
export function noteItemCopy(itemId: number, askedAt: number): void {
  itemCopies.set(itemId, Math.max(askedAt, itemCopies.get(itemId) ?? 0));
}

/** When the newest whole copy of item `itemId` was asked for ({@link noteItemCopy}), or undefined. */
export function itemCopyAskedAt(itemId: number): number | undefined {
  return itemCopies.get(itemId);
}

/**
 * Whether the server compares item `itemId`'s cached copy with the item when its room joins, and
 * sends the item again (and its missed bids) if it changed: its room joined on the latest connect
 * with the copy's age, or it is not joined yet and a whole copy was noted ({@link noteItemCopy};
 * the view showing it joins with that copy's age). Such a copy need not be read again on a
 * connect: on a first visit that read came a second after the page's own and drew the lot page
 * again in one long task on a cheap phone (issue 17). Read it in a `connect` listener.
 */
export function copyComparedOnJoin(itemId: number): boolean {
  return agedOnConnect.has(itemId) || (!roomCounts.has(itemId) && itemCopies.has(itemId));
}

/** `data_age_ms` of an item copy waiting for the connection (then forgotten: from now on it is live). */
function dataAge(itemId: number): { data_age_ms?: number } {
  const askedAt = askedAtWaiting.get(itemId);
  if (askedAt == null) return {};
  askedAtWaiting.delete(itemId);
  return { data_age_ms: Math.max(0, Math.round(Date.now() - askedAt)) };
}

/**
 * Joins room `item:{id}` (reference counted, so several views may watch one item) and
 * returns the function that leaves it again. `askedAt` (the browser's clock, ms) is when the
 * view's copy of the item was asked for: the join then carries its age, and the server sends
 * `item:updated` when the item changed since (a copy read before the socket joined would
 * otherwise miss what happened in between). Source: issue 17 "Live updates on a poor connection".
 */
export function subscribeItemRoom(itemId: number, askedAt?: number): () => void {
  const s = getSocket();
  const n = roomCounts.get(itemId) ?? 0;
  roomCounts.set(itemId, n + 1);
  if (askedAt != null) askedAtWaiting.set(itemId, Math.min(askedAt, askedAtWaiting.get(itemId) ?? askedAt));
  // Joined already by another view: joined again only to ask for what this copy missed.
  if (s.connected && (n === 0 || askedAt != null)) s.emit('item:subscribe', { item_id: itemId, ...dataAge(itemId) });
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const c = (roomCounts.get(itemId) ?? 1) - 1;
    if (c <= 0) {
      roomCounts.delete(itemId);
      lastBidSeen.delete(itemId);
      askedAtWaiting.delete(itemId);
      if (s.connected) s.emit('item:unsubscribe', { item_id: itemId });
    } else {
      roomCounts.set(itemId, c);
    }
  };
}

/** True while the socket is connected (set by the realtime bootstrap). */
export const socketConnectedAtom = atom(false);

/** True once the socket has connected at least once: a connection not there yet is 'Connecting…', not 'Reconnecting…'. */
export const socketEverConnectedAtom = atom(false);
