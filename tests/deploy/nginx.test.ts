import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../helpers/factories.js';
import { startNginx, type RunningNginx } from '../helpers/nginx.js';
import { startGavelProcess, type ChildGavel } from '../helpers/processes.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const tag = `nginx-${randomBytes(4).toString('hex')}`;
let testDb: TestDatabase;
const servers: (ChildGavel & { url: string; port: string })[] = [];
let nginx: RunningNginx;
const sockets: Socket[] = [];

/** A raw GET (the path sent exactly as written, no URL normalisation): status, headers, body. */
function rawGet(
  base: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  const env = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: testDb.url,
    REDIS_URL: TEST_REDIS_URL,
    BUS_CHANNEL: tag,
    QUEUE_PREFIX: tag,
    DATA_DIR: `/tmp/${tag}`,
    CSRF_SECRET: 'x'.repeat(32),
    SEED: 'never',
    LOG_LEVEL: 'info',
  };
  for (let i = 0; i < 2; i++) {
    const p = await startGavelProcess('server/main.ts', env, /Gavel is running at http:\/\/localhost:(\d+)/);
    servers.push({ ...p, port: p.match[1]!, url: `http://127.0.0.1:${p.match[1]}` });
  }
  nginx = await startNginx(servers.map((s) => `127.0.0.1:${s.port}`));
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await testDb?.drop();
});

describe('deploy/nginx.conf in front of two server processes on Redis (issue 19)', () => {
  it('when a bid is placed through nginx, then a socket upgraded through nginx hears it, and hears bids placed on either process', async () => {
    const bidder = await createCustomer(testDb.db);
    const itemId = await createItem(testDb.db, { target_amount: 1000, date_to: new Date(Date.now() + 3600_000) });
    const socket = connect(nginx.url, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const heard: number[] = [];
    socket.on('bid:placed', (e: { bid_amount: number }) => heard.push(e.bid_amount));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(socket.io.engine.transport.name).toBe('websocket');
    expect(await socket.emitWithAck('item:subscribe', { item_id: itemId })).toMatchObject({ ok: true });

    const bid = (base: string, amount: number) =>
      fetch(`${base}/ajax-bid`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bidder.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ item_id: itemId, amount }),
      });
    const throughNginx = await bid(nginx.url, 1500);
    expect(throughNginx.status).toBe(200);
    expect(throughNginx.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, kept by the server
    await expect.poll(() => heard).toEqual([1500]);

    // The leader may not bid on its own lead: two other bidders, one on each process directly.
    for (const [i, server] of servers.entries()) {
      const other = await createCustomer(testDb.db);
      const res = await fetch(`${server.url}/ajax-bid`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ item_id: itemId, amount: 2000 + i * 1000 }),
      });
      expect(res.status).toBe(200);
    }
    await expect.poll(() => heard).toEqual([1500, 2000, 3000]);
  });

  it('when /metrics or /readyz is asked for through nginx in any spelling, then nginx refuses it; the processes still serve them directly', async () => {
    const spellings = [
      '/metrics',
      '/METRICS',
      '/Metrics/',
      '/metrics/',
      '/metrics?x=1',
      '//metrics',
      '/%6detrics',
      '/%6D%65trics',
      '/./metrics',
      '/api/../metrics',
      '/metrics%2F',
      '/%2Fmetrics',
      '/readyz',
      '/READYZ/',
      '//readyz',
    ];
    for (const spelling of spellings) {
      const res = await rawGet(nginx.url, spelling);
      expect(res.status, spelling).toBe(404);
      expect(res.body, spelling).not.toContain('gavel_');
      expect(res.body, spelling).not.toContain('database');
    }
    expect((await rawGet(servers[0]!.url, '/metrics')).body).toContain('gavel_bids_accepted_total');
    expect((await rawGet(servers[0]!.url, '/METRICS')).status).toBe(200); // Express routes without case: nginx must not
    expect((await rawGet(nginx.url, '/healthz')).status).toBe(200);
  });

  it('when a client accepts compression, then answers come gzip or brotli compressed', async () => {
    const gz = await rawGet(nginx.url, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const br = await rawGet(nginx.url, '/api/openapi.json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('when an operator uploads more than 10 MB of lot pictures, then nginx passes it on to the servers, while elsewhere it still refuses 10 MB', async () => {
    const body = new Uint8Array(12 * 1024 * 1024);
    const headers = { 'content-type': 'application/octet-stream' };
    // The servers answer (a guest has no right to upload), rather than nginx refusing the size.
    const upload = await fetch(`${nginx.url}/api/admin/lots/1/images`, { method: 'POST', headers, body });
    expect(upload.status).not.toBe(413);
    expect(upload.headers.get('x-request-id')).toBeTruthy();
    const elsewhere = await fetch(`${nginx.url}/api/cart`, { method: 'POST', headers, body });
    expect(elsewhere.status).toBe(413);
  });

  it('when a visitor comes on a non-default port, then the servers see the host with its port (payment return URLs keep it)', async () => {
    const res = await rawGet(nginx.url, '/api/no-such-call', { host: 'shop.example.mw:8080' });
    expect(res.status).toBe(404);
    // nginx passes Host as the visitor sent it; the server's access log line of the 404 names it.
    await expect.poll(() => servers.map((s) => s.output()).join('')).toContain('shop.example.mw:8080');
  });
});
