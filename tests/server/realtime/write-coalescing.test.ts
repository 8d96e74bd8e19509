import http from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { coalesceSocketWrites } from '../../../server/realtime/write-coalescing.js';
import { countKernelWrites } from '../../helpers/kernel-writes.js';

/** A Socket.IO server with coalescing at `windowMs` (0: off) and one WebSocket client in room 'lot'. */
async function start(windowMs: number) {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { transports: ['websocket'] });
  coalesceSocketWrites(io, windowMs);
  let writes = 0;
  io.engine.on('connection', (connection: { transport: { socket: { _socket: NetSocket } } }) => {
    countKernelWrites(connection.transport.socket._socket, () => writes++);
  });
  io.on('connection', (socket) => {
    void socket.join('lot');
    socket.on('ping:me', (ack: (n: number) => void) => ack(42));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const client: ClientSocket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
  const received: number[] = [];
  client.on('n', (n: number) => received.push(n));
  await new Promise<void>((resolve) => client.on('connect', () => resolve()));
  await new Promise((r) => setTimeout(r, 50));
  return {
    io,
    client,
    received,
    writes: () => writes,
    resetWrites: () => (writes = 0),
    close: async () => {
      client.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean) => {
  while (!check()) await pause(5);
};

describe('coalesced socket writes (issue 17: fan-out past the per-message floor)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** Ten room events 5 ms apart; returns the kernel writes they took and what the client got. */
  async function burst(windowMs: number) {
    const s = await start(windowMs);
    close = s.close;
    await pause(windowMs + 20); // the connection's own packets' window is over: the socket is quiet
    s.resetWrites();
    for (let n = 1; n <= 10; n++) {
      s.io.to('lot').emit('n', n);
      await pause(5);
    }
    await until(() => s.received.length === 10);
    return { writes: s.writes(), received: s.received };
  }

  it('when a busy room sends ten events within one window, then the socket gets all ten, in order, in a few writes', async () => {
    const { writes, received } = await burst(200);
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The first goes at once (the socket was quiet), the other nine together at the window's end.
    expect(writes).toBe(2);
  });

  it('when coalescing is off, then every event is its own write', async () => {
    const { writes, received } = await burst(0);
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(writes).toBe(10);
  });

  it('when an answer to the one socket follows waiting room events, then it goes at once and the waiting events before it, in order', async () => {
    // A window far longer than the test's timeout: nothing may wait for it.
    const s = await start(60_000);
    close = s.close;
    // The connection's own packets were just written: the socket is in its window, so these wait.
    for (const n of [1, 2, 3]) s.io.to('lot').emit('n', n);
    await pause(50);
    expect(s.received).toEqual([]);
    const order: string[] = [];
    s.client.on('n', (n: number) => order.push(`n${n}`));
    const answer = await s.client.timeout(2000).emitWithAck('ping:me');
    order.push(`ack${answer}`);
    expect(order).toEqual(['n1', 'n2', 'n3', 'ack42']);
    expect(s.received).toEqual([1, 2, 3]);
  });
});
