import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { startPrivateRedis, type PrivateRedis } from '../helpers/private-services.js';
import { startServerProcess, testProcessEnv, type ChildGavel } from '../helpers/processes.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const tag = `gavel-test-${randomBytes(4).toString('hex')}`;
let redis: PrivateRedis;
let testDb: TestDatabase;
let dataDir: string;
const servers: (ChildGavel & { url: string })[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  [redis, testDb] = await Promise.all([startPrivateRedis(), createTestDatabase()]);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-faults-'));
  const env = testProcessEnv({ DATABASE_URL: testDb.url, REDIS_URL: redis.url, BUS_CHANNEL: tag, QUEUE_PREFIX: tag, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env));
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await redis?.destroy();
  await testDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a Redis blip on the other server’s subscriber (issue 18, fault 5)', () => {
  it('when the subscribers lose their Redis connection again and again while bids are placed through the other server, then its watchers still receive every bid, in order', async () => {
    const [a, b] = servers;
    const itemId = await createItem(testDb.db, { target_amount: 1000 });
    const bidders = await Promise.all([createCustomer(testDb.db), createCustomer(testDb.db)]);

    const socket = connect(b.url, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const received: number[] = [];
    socket.on('bid:placed', (e: { bid_count: number }) => received.push(e.bid_count));
    await new Promise<void>((r) => socket.on('connect', () => r()));
    await socket.emitWithAck('item:subscribe', { item_id: itemId });

    // Kill every pub/sub connection (the servers' subscribers) a few times while bids go in
    // through server A: what A publishes while B's subscriber reconnects never reaches B over Redis.
    const admin = new Redis(redis.url);
    let killing = true;
    const killer = (async () => {
      while (killing) {
        await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub').catch(() => undefined);
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    let amount = 1001;
    for (let i = 0; i < 40; i++) {
      const r = await new TestClient(a.url, bidders[i % 2].token).post('/ajax-bid', { item_id: itemId, amount: amount++ });
      expect(r.status).toBe(200);
      await new Promise((r2) => setTimeout(r2, 20));
    }
    killing = false;
    await killer;
    await admin.quit();

    const stored = await testDb.db.selectFrom('bids').select('id').where('item_id', '=', itemId).execute();
    expect(stored).toHaveLength(40);
    await expect.poll(() => received.length, { timeout: 15_000, message: `received ${JSON.stringify(received)}` }).toBe(40);
    expect(received).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(socket.connected).toBe(true);
  }, 120_000);
});
