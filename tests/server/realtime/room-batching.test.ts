import http from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { coalesceSocketWrites } from '../../../server/realtime/write-coalescing.js';
import { countKernelWrites } from '../../helpers/kernel-writes.js';

type Transport = 'websocket' | 'polling';

/**
 * A Socket.IO server with coalescing at `windowMs` and `transports.length` clients (each with its
 * transport) in room 'lot'; `writes` counts what reached the kernel per server-side connection.
 */
async function start(windowMs: number, transports: Transport[]) {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { transports: ['websocket', 'polling'] });
  coalesceSocketWrites(io, windowMs);
  let writes = 0;
  let packets = 0;
  io.engine.on('connection', (connection: { transport: { name: string; socket?: { _socket: NetSocket } }; on(event: 'packetCreate', l: () => void): void }) => {
    // Engine.IO packets made for one socket (Socket.IO's per-socket broadcast makes one per event and socket).
    connection.on('packetCreate', () => packets++);
    if (connection.transport.name === 'websocket') countKernelWrites(connection.transport.socket!._socket, () => writes++);
  });
  io.on('connection', (socket) => {
    void socket.join('lot');
    socket.on('leave', (ack: () => void) => {
      void socket.leave('lot');
      ack();
    });
    socket.on('join', (ack: () => void) => {
      void socket.join('lot');
      ack();
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const clients = transports.map((transport) => {
    const client: ClientSocket = connect(`http://127.0.0.1:${port}`, { transports: [transport], upgrade: false, reconnection: false, forceNew: true });
    const received: number[] = [];
    client.on('n', (n: number) => received.push(n));
    return { client, received, transport };
  });
  await Promise.all(clients.map(({ client }) => new Promise<void>((resolve) => client.on('connect', () => resolve()))));
  await until(() => io.of('/').adapter.rooms.get('lot')?.size === clients.length);
  return {
    io,
    clients,
    writes: () => writes,
    packets: () => packets,
    resetWrites: () => {
      writes = 0;
      packets = 0;
    },
    close: async () => {
      for (const { client } of clients) client.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await pause(5);
  }
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('room broadcasts batched per window (issue 17: fan-out past the per-message floor)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('when a busy room of twenty sockets gets ten events within one window, then each socket gets all ten in order in two writes', async () => {
    const s = await start(200, Array<Transport>(20).fill('websocket'));
    close = s.close;
    await pause(250); // the connections' own packets' windows are over
    s.resetWrites();
    for (const n of range(1, 10)) {
      s.io.to('lot').emit('n', n);
      await pause(5);
    }
    await until(() => s.clients.every((c) => c.received.length === 10));
    for (const c of s.clients) expect(c.received).toEqual(range(1, 10));
    // The first event goes at once to each socket (the room was quiet), the other nine as one
    // shared write: they never become packets of each socket.
    expect(s.writes()).toBe(2 * 20);
    expect(s.packets()).toBe(20);
  });

  it('when a socket joins the room mid-window, then it gets only the events after it joined; one that leaves gets those before', async () => {
    const s = await start(60_000, ['websocket', 'websocket', 'websocket']);
    close = s.close;
    const [stays, leaves, joins] = s.clients;
    await joins.client.timeout(2000).emitWithAck('leave');
    s.io.to('lot').emit('n', 1); // the leading edge: at once
    s.io.to('lot').emit('n', 2); // held for the window (a minute here)
    s.io.to('lot').emit('n', 3);
    await joins.client.timeout(2000).emitWithAck('join');
    await leaves.client.timeout(2000).emitWithAck('leave');
    s.io.to('lot').emit('n', 4);
    // The leaver got what was held when it left, before its acknowledgement.
    expect(leaves.received).toEqual([1, 2, 3]);
    // A packet to the one socket takes what is held for it first.
    await stays.client.timeout(2000).emitWithAck('join');
    expect(stays.received).toEqual([1, 2, 3, 4]);
    await joins.client.timeout(2000).emitWithAck('join');
    expect(joins.received).toEqual([4]);
    await pause(50);
    expect(leaves.received).toEqual([1, 2, 3]);
  });

  it('when events keep coming while a batch of 400 sockets goes out, some over long polling, then every socket gets every event once, in order', async () => {
    const transports = Array.from({ length: 400 }, (_, i): Transport => (i % 10 === 0 ? 'polling' : 'websocket'));
    const s = await start(20, transports);
    close = s.close;
    const last = 300;
    for (const n of range(1, last)) {
      s.io.to('lot').emit('n', n);
      // Mostly between two turns of the event loop, where a batch's slices interleave.
      if (n % 3 === 0) await new Promise((r) => setImmediate(r));
      else if (n % 7 === 0) await pause(1);
    }
    await until(() => s.clients.every((c) => c.received.length >= last), 30_000);
    for (const c of s.clients) expect(c.received).toEqual(range(1, last));
  }, 60_000);
});
