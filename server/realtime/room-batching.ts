import type { Socket as NetSocket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Server, Socket } from 'socket.io';

/**
 * Connections written between two turns of the event loop when many go out at once (a room's
 * batch here, the window tick in write-coalescing.ts), so requests are served during a big flush.
 */
export const FLUSH_SLICE = 250;

/** A WebSocket frame as Socket.IO's adapter pre-encodes it for a broadcast (header and payload, or one buffer). */
type PreEncodedFrame = Buffer | Buffer[];

/** One broadcast held back: how the adapter would have written it to one socket, and its frame. */
interface Entry {
  deliver: (socket: Socket) => void;
  frame: PreEncodedFrame | undefined;
}

/**
 * The broadcasts of one window. `served`: sockets that already have entries `[0, n)` (they got
 * them early, or joined the room when there were n), so nothing reaches a socket twice or before it joined.
 */
interface Batch {
  entries: Entry[];
  served: Map<string, number>;
}

interface RoomState {
  /** Oldest first: at most the one going out and the one filling. */
  batches: Batch[];
  lastFlush: number;
  timer: NodeJS.Timeout | null;
  flushing: boolean;
  /** The window ended while the previous batch was still going out. */
  due: boolean;
}

interface BroadcastOptions {
  rooms: Set<string>;
  except?: Set<string>;
  flags?: { volatile?: boolean; timeout?: number };
}

/** The parts of socket.io-adapter 2.5's in-memory adapter (and its cluster subclasses) used here. */
interface AdapterInternals {
  rooms: Map<string, Set<string>>;
  sids: Map<string, Set<string>>;
  broadcast(packet: unknown, opts: BroadcastOptions): unknown;
  apply(opts: BroadcastOptions, callback: (socket: Socket) => void): void;
  _encode(packet: unknown, packetOpts: { wsPreEncodedFrame?: PreEncodedFrame }): unknown;
  on(event: 'join-room' | 'leave-room', listener: (room: string, id: string) => void): unknown;
  on(event: 'delete-room', listener: (room: string) => void): unknown;
}

/** The parts of an Engine.IO 6 connection and its ws 8 WebSocket the direct write checks. */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    perMessageDeflate?: unknown;
    socket?: { readyState: number; _socket?: NetSocket; _sender?: { _state: number; _queue: unknown[] } };
  };
  sendPacket(...args: unknown[]): void;
}

/**
 * Writes a busy room's broadcasts once per window per socket, as one shared buffer. The first
 * broadcast to a quiet room goes at once, socket by socket (the leading edge); later ones
 * within `windowMs` of the room's last write are held in the room's batch, each pre-encoded once,
 * and when the window ends every socket of the room gets the batch's frames, each frame as itself
 * and in order, in one write of the same bytes (a buffer built once for the room). A socket whose
 * connection cannot take raw frames at that moment (long polling, an Engine.IO write in flight,
 * packets already waiting for it) gets the batch through Engine.IO as the adapter would have
 * written it. What else reaches a socket keeps its order: a packet for it while a batch holds
 * earlier broadcasts of its rooms takes them first; a socket that joins mid-window gets only what
 * follows, one that leaves gets what came before. Socket.IO's per-socket broadcast costs about
 * a microsecond per event and socket before the kernel's write (README, Performance); this is
 * what lets 5,000 watchers of one lot follow 50 bids a second. Broadcasts with `except`, several
 * rooms, `volatile` or `timeout` go as before. Reaches into the adapter (`broadcast`, `_encode`,
 * `apply`), Engine.IO's connection and ws's socket; `tests/server/realtime/room-batching.test.ts`
 * pins them. Issue 17 "Fan-out past the per-message floor".
 */
export function batchRoomWrites(io: Server, windowMs: number): void {
  if (windowMs <= 0) return;
  const nsp = io.of('/');
  const adapter = nsp.adapter as unknown as AdapterInternals;
  const states = new Map<string, RoomState>();
  /** Rooms with a batch filling or going out. */
  const busy = new Set<string>();
  let capturing: Batch | null = null;
  let capturedFrame: PreEncodedFrame | undefined;
  /**
   * While a batch's entries go to a socket through Engine.IO: its packets must not pull the
   * room's later batches ahead of themselves.
   */
  let delivering = false;

  /** Entries `[from, end)` of `batch` to `socket` through Engine.IO, as the adapter would have written them. */
  const deliver = (socket: Socket, batch: Batch, from: number) => {
    const n = batch.entries.length;
    batch.served.set(socket.id, n);
    const outer = delivering;
    delivering = true;
    try {
      for (let i = from; i < n; i++) batch.entries[i].deliver(socket);
    } finally {
      delivering = outer;
    }
  };

  /** Delivers what `socket` has not had of the room's batches, oldest first. */
  const deliverRest = (socket: Socket, state: RoomState) => {
    for (const batch of state.batches) {
      const from = batch.served.get(socket.id) ?? 0;
      if (from < batch.entries.length) deliver(socket, batch, from);
    }
  };

  const writeBatch = (id: string, batch: Batch, frames: Buffer | null) => {
    const socket = nsp.sockets.get(id);
    if (!socket) return;
    const from = batch.served.get(id) ?? 0;
    if (from >= batch.entries.length) return;
    if (from === 0 && frames && writeDirect(socket.conn as unknown as EngineConnection, frames)) batch.served.set(id, batch.entries.length);
    else deliver(socket, batch, from);
  };

  const flushRoom = (room: string) => {
    const state = states.get(room);
    if (!state) return;
    state.timer = null;
    if (state.flushing) {
      state.due = true;
      return;
    }
    const batch = state.batches[0];
    if (!batch) return;
    state.flushing = true;
    state.lastFlush = performance.now();
    const frames = concatFrames(batch.entries);
    const ids = [...(adapter.rooms.get(room) ?? [])];
    const step = (from: number) => {
      const to = Math.min(from + FLUSH_SLICE, ids.length);
      for (let i = from; i < to; i++) writeBatch(ids[i], batch, frames);
      if (to < ids.length) {
        setImmediate(step, to);
        return;
      }
      state.flushing = false;
      state.batches.shift();
      if (state.batches.length === 0) busy.delete(room);
      if (state.due) {
        state.due = false;
        flushRoom(room);
      }
    };
    step(0);
  };

  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet, opts) => {
    const room = opts.rooms.size === 1 && !opts.except?.size && !opts.flags?.volatile && opts.flags?.timeout === undefined ? [...opts.rooms][0] : null;
    if (room === null) return broadcast(packet, opts);
    const now = performance.now();
    let state = states.get(room);
    if (!state) {
      state = { batches: [], lastFlush: Number.NEGATIVE_INFINITY, timer: null, flushing: false, due: false };
      states.set(room, state);
    }
    if (state.batches.length === 0 && now - state.lastFlush >= windowMs) {
      state.lastFlush = now;
      return broadcast(packet, opts);
    }
    let batch = state.batches.at(-1);
    if (!batch || (state.flushing && state.batches.length === 1)) {
      batch = { entries: [], served: new Map() };
      state.batches.push(batch);
      busy.add(room);
    }
    capturing = batch;
    capturedFrame = undefined;
    try {
      return broadcast(packet, opts);
    } finally {
      capturing = null;
      state.timer ??= setTimeout(flushRoom, Math.max(0, state.lastFlush + windowMs - now), room);
    }
  };
  const encode = adapter._encode.bind(adapter);
  adapter._encode = (packet, packetOpts) => {
    const encoded = encode(packet, packetOpts);
    if (capturing) capturedFrame = packetOpts.wsPreEncodedFrame;
    return encoded;
  };
  const apply = adapter.apply.bind(adapter);
  adapter.apply = (opts, callback) => {
    if (!capturing) return apply(opts, callback);
    capturing.entries.push({ deliver: callback, frame: capturedFrame });
    capturing = null;
  };

  adapter.on('join-room', (room, id) => {
    for (const batch of states.get(room)?.batches ?? []) batch.served.set(id, batch.entries.length);
  });
  adapter.on('leave-room', (room, id) => {
    const state = states.get(room);
    const socket = nsp.sockets.get(id);
    if (state && socket && state.batches.length) deliverRest(socket, state);
  });
  adapter.on('delete-room', (room) => {
    const state = states.get(room);
    if (state?.timer) clearTimeout(state.timer);
    states.delete(room);
    busy.delete(room);
  });

  nsp.on('connection', (socket) => {
    const connection = socket.conn as unknown as EngineConnection;
    const sendPacket = connection.sendPacket.bind(connection);
    connection.sendPacket = (...args) => {
      if (busy.size && !delivering) {
        const joined = adapter.sids.get(socket.id);
        if (joined) for (const room of busy) if (joined.has(room)) deliverRest(socket, states.get(room)!);
      }
      sendPacket(...args);
    };
  });
  io.engine.on('close', () => {
    for (const state of states.values()) if (state.timer) clearTimeout(state.timer);
    states.clear();
    busy.clear();
  });
}

/** The batch's frames as one buffer, or null when a broadcast has no pre-encoded frame (binary, or ws absent). */
function concatFrames(entries: Entry[]): Buffer | null {
  const parts: Buffer[] = [];
  for (const { frame } of entries) {
    if (frame === undefined) return null;
    if (Array.isArray(frame)) parts.push(...frame);
    else parts.push(frame);
  }
  return Buffer.concat(parts);
}

/**
 * Writes `frames` straight to the connection's TCP socket when nothing can come between: an open
 * WebSocket without compression, no Engine.IO write in flight or waiting, ws's sender idle. False: go through Engine.IO.
 */
function writeDirect(connection: EngineConnection, frames: Buffer): boolean {
  const { transport } = connection;
  if (connection.readyState !== 'open' || transport.name !== 'websocket' || !transport.writable || transport.perMessageDeflate) return false;
  if (connection.writeBuffer.length > 0) return false;
  const ws = transport.socket;
  const tcp = ws?._socket;
  if (!ws || ws.readyState !== 1 || !tcp || !tcp.writable || ws._sender?._state !== 0 || ws._sender._queue.length > 0) return false;
  tcp.write(frames);
  return true;
}
