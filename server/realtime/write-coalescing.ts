import type { Socket as NetSocket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Server } from 'socket.io';
import { batchRoomWrites, FLUSH_SLICE } from './room-batching.js';

/**
 * Default length of a socket's write window, ms (`SOCKET_WRITE_WINDOW_MS`; 0 turns coalescing
 * off). Measured with 5,000 watchers of one lot at 50 bids/s on two cores (README, Performance):
 * 40–50 ms windows carried about one event per write once the server fell behind, 100 ms kept
 * up. Issue 17 "Fan-out past the per-message floor".
 */
export const SOCKET_WRITE_WINDOW_MS = 100;

/** The parts of an Engine.IO connection the coalescing uses (engine.io 6's `Socket`). */
interface EngineConnection {
  transport: { name: string; writable: boolean; socket?: { _socket?: NetSocket } };
  writeBuffer: Array<{ options?: { wsPreEncodedFrame?: unknown } }>;
  flush(): void;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Writes less often to busy sockets, never fewer events. A WebSocket connection written to less
 * than `windowMs` ago is busy: its room broadcasts wait in Engine.IO's buffer for the server's
 * next window tick (one timer for all connections, every `windowMs`), which writes each waiting
 * connection's frames, every frame as itself and in order, in one `writev` (its TCP socket is
 * corked while Engine.IO hands them over), a slice of connections per turn of the event loop. A
 * quiet connection is written at once (the leading edge). Only room broadcasts wait (Socket.IO
 * marks them with a pre-encoded frame); anything addressed to the one socket (an
 * acknowledgement, `time:sync`, a replay, a ping) goes at once and takes what waits with it. Long
 * polling is left alone: it batches by itself. One socket message here costs mostly the kernel's
 * loopback send, paid per write (README, Performance). Reaches into engine.io's connection
 * (`flush`, `writeBuffer`) and ws's socket (`_socket`); `tests/server/realtime/write-coalescing.test.ts` pins both.
 * A busy room's broadcasts are also held once per window for the whole room and written as one
 * shared buffer (server/realtime/room-batching.ts).
 */
export function coalesceSocketWrites(io: Server, windowMs: number): void {
  if (windowMs <= 0) return;
  batchRoomWrites(io, windowMs);
  const waiting = new Set<() => void>();
  let tick: NodeJS.Timeout | null = null;

  const flushSlice = (connections: Array<() => void>, from: number) => {
    const to = Math.min(from + FLUSH_SLICE, connections.length);
    for (let i = from; i < to; i++) connections[i]();
    if (to < connections.length) setImmediate(flushSlice, connections, to);
  };
  const onTick = () => {
    if (waiting.size === 0) {
      if (tick) clearInterval(tick);
      tick = null;
      return;
    }
    const connections = [...waiting];
    waiting.clear();
    flushSlice(connections, 0);
  };
  const wait = (writeAll: () => void) => {
    waiting.add(writeAll);
    tick ??= setInterval(onTick, windowMs);
  };
  io.engine.on('connection', (connection: EngineConnection) => coalesce(connection, windowMs, wait, (writeAll) => waiting.delete(writeAll)));
  io.engine.on('close', () => {
    if (tick) clearInterval(tick);
    tick = null;
    waiting.clear();
  });
}

function coalesce(connection: EngineConnection, windowMs: number, wait: (writeAll: () => void) => void, forget: (writeAll: () => void) => void): void {
  const flushNow = connection.flush.bind(connection);
  let lastWrite = Number.NEGATIVE_INFINITY;
  let waitingForTick = false;

  const writeAll = () => {
    if (waitingForTick) forget(writeAll);
    waitingForTick = false;
    if (!connection.transport.writable) return; // a write is still in flight: its end flushes again
    lastWrite = performance.now();
    const tcp = connection.transport.socket?._socket;
    tcp?.cork();
    try {
      flushNow();
    } finally {
      tcp?.uncork();
    }
  };

  connection.flush = () => {
    const { transport, writeBuffer } = connection;
    if (transport.name !== 'websocket' || !transport.writable || writeBuffer.length === 0) return flushNow();
    const direct = writeBuffer.some((packet) => packet.options?.wsPreEncodedFrame === undefined);
    if (direct || (!waitingForTick && performance.now() - lastWrite >= windowMs)) return writeAll();
    if (waitingForTick) return;
    waitingForTick = true;
    wait(writeAll);
  };
  connection.once('close', () => {
    forget(writeAll);
    waitingForTick = false;
  });
}
