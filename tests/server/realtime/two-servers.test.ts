import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { loadConfig } from '../../../server/config.js';
import { startServer, type RunningServer } from '../../../server/server.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { deleteKeysWithPrefix } from '../../helpers/redis.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let testDb: TestDatabase;
let a: RunningServer;
let b: RunningServer;
let channel: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // A fresh Redis channel per run keeps parallel runs apart.
  channel = `gavel:test:${randomBytes(4).toString('hex')}`;
  const config = (port: string) =>
    loadConfig({
      NODE_ENV: 'test',
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_URL: testDb.url,
      REDIS_URL,
      BUS_CHANNEL: channel,
      QUEUE_PREFIX: channel.replaceAll(':', '-'),
      DATA_DIR: '/tmp/gavel-two',
      CSRF_SECRET: 'x'.repeat(32),
      SEED: 'never',
    });
  a = await startServer(config('0'), { logger: pino({ level: 'silent' }), seed: false });
  b = await startServer(config('0'), { logger: pino({ level: 'silent' }), seed: false });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await testDb?.drop();
  // The run's queues and Socket.IO stream go too.
  const redis = new Redis(REDIS_URL, { protocol: 2 });
  await deleteKeysWithPrefix(redis, channel.replaceAll(':', '-'));
  await deleteKeysWithPrefix(redis, channel);
  await redis.quit();
});

describe('two server processes on Redis (DESIGN.md scale-out)', () => {
  it('when a bid is sent to server A, then a watcher connected to server B receives bid:placed', async () => {
    const itemId = await createItem(testDb.db, { target_amount: 5000 });
    const bidder = await createCustomer(testDb.db);
    const watcher = connect(b.url, { transports: ['websocket'], forceNew: true });
    const received: number[] = [];
    watcher.on('bid:placed', (e) => received.push(e.bid_amount));
    await new Promise<void>((r) => watcher.on('connect', r));
    await watcher.emitWithAck('item:subscribe', { item_id: itemId });
    const res = await new TestClient(a.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 6000 });
    expect(res.status).toBe(200);
    await expect.poll(() => received, { timeout: 3000 }).toEqual([6000]);
    watcher.disconnect();
  });

  it('when a session signs out on server A, then its socket connected to server B is disconnected (issue 18)', async () => {
    const user = await createCustomer(testDb.db);
    const browser = new TestClient(a.url);
    await browser.login(user.email);
    const socket = connect(b.url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie: browser.cookieHeader() } });
    await new Promise<void>((r) => socket.on('connect', r));
    const reason = new Promise<string>((r) => socket.once('disconnect', r));
    expect((await browser.post('/logout')).status).toBe(200);
    expect(await reason).toBe('io server disconnect');
  });
});
