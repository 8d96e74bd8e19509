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

/**
 * The one socket of the app (same origin, path /socket.io, cookies sent): WebSocket first, and
 * where it cannot connect (some mobile carriers and proxies block it) HTTP long-polling by itself
 * (issue 17 "Live updates on a poor connection"). Created and connected on first use. On every (re)connect it joins again every item room
 * still wanted, because a new connection starts with no rooms.
 */
export function getSocket(): GavelSocket {
  if (socket) return socket;
  const s: GavelSocket = io(SOCKET_OPTIONS);
  s.on('connect', () => {
    for (const id of roomCounts.keys()) s.emit('item:subscribe', { item_id: id });
  });
  // The server ends a socket whose session was signed out (in another tab, too) or when a
  // process hands its sockets over: connect again, as whoever the cookies now say.
  s.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 1000);
  });
  socket = s;
  return s;
}

/**
 * Drops the connection and opens a new one so the server reads the session cookie again
 * (call after sign-in and sign-out).
 */
export function reconnectSocket(): void {
  const s = getSocket();
  s.disconnect();
  s.connect();
}

/**
 * Joins room `item:{id}` (reference counted, so several views may watch one item) and
 * returns the function that leaves it again.
 */
export function subscribeItemRoom(itemId: number): () => void {
  const s = getSocket();
  const n = roomCounts.get(itemId) ?? 0;
  roomCounts.set(itemId, n + 1);
  if (n === 0 && s.connected) s.emit('item:subscribe', { item_id: itemId });
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const c = (roomCounts.get(itemId) ?? 1) - 1;
    if (c <= 0) {
      roomCounts.delete(itemId);
      if (s.connected) s.emit('item:unsubscribe', { item_id: itemId });
    } else {
      roomCounts.set(itemId, c);
    }
  };
}

/** True while the socket is connected (set by the realtime bootstrap). */
export const socketConnectedAtom = atom(false);
