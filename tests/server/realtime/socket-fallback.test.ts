import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_OPTIONS } from '../../../client/src/lib/socket.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let proxy: http.Server;
let proxyUrl: string;
let upgradesRefused = 0;

beforeAll(async () => {
  server = await startTestServer();
  const target = new URL(server.url);
  // A carrier proxy that passes HTTP but refuses every WebSocket upgrade.
  proxy = http.createServer((req, res) => {
    const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  proxy.on('upgrade', (_req, socket) => {
    upgradesRefused++;
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
  await server?.stop();
});

describe('live updates where WebSockets are blocked (issue 17)', () => {
  it('when a proxy refuses the WebSocket upgrade, then the app’s socket options fall back to long-polling and a bid still arrives live', async () => {
    const itemId = await createItem(server.database.db, { target_amount: 1000 });
    const bidder = await createCustomer(server.database.db);
    const socket: Socket = connect(proxyUrl, { ...SOCKET_OPTIONS, forceNew: true, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(upgradesRefused).toBeGreaterThan(0);
    expect(socket.io.engine.transport.name).toBe('polling');
    const placed: { bid_amount: number }[] = [];
    socket.on('bid:placed', (e: { bid_amount: number }) => placed.push(e));
    expect(await socket.emitWithAck('item:subscribe', { item_id: itemId })).toMatchObject({ ok: true });
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    await expect.poll(() => placed.map((p) => p.bid_amount)).toEqual([1500]);
    socket.disconnect();
  });
});
