import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../helpers/factories.js';
import { startPrivateRedis, type PrivateRedis } from '../helpers/private-services.js';
import { startGavelProcess, type ChildGavel } from '../helpers/processes.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const tag = `gavel-test-${randomBytes(4).toString('hex')}`;
let redis: PrivateRedis;
let testDb: TestDatabase;
let worker: ChildGavel | undefined;
let dataDir: string;

beforeAll(async () => {
  [redis, testDb] = await Promise.all([startPrivateRedis(), createTestDatabase()]);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-faults-'));
}, 120_000);

afterAll(async () => {
  await worker?.stop('SIGKILL');
  await redis?.destroy();
  await testDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a Redis restart without persistence (every schedule and delayed job forgotten)', () => {
  it('when Redis comes back empty, then the workers schedule their sweep again and a lot that ends afterwards is closed, with its order', async () => {
    worker = await startGavelProcess(
      'workers/main.ts',
      {
        NODE_ENV: 'test',
        DATABASE_URL: testDb.url,
        REDIS_URL: redis.url,
        BUS_CHANNEL: tag,
        QUEUE_PREFIX: tag,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        JOB_SWEEP_SECONDS: '1',
        WORKER_METRICS_PORT: '0',
      },
      /"msg":"workers started"/,
      90_000,
    );

    await redis.stop();
    await redis.start(); // empty: the sweep's job scheduler is gone
    const winner = await createCustomer(testDb.db);
    const itemId = await createItem(testDb.db, { target_amount: 1000, date_to: new Date(Date.now() - 1000) });
    await testDb.db.updateTable('items').set({ bid_amount: 5000, bid_count: 1, leader_id: winner.id }).where('id', '=', itemId).execute();

    await expect
      .poll(async () => await testDb.db.selectFrom('items').select(['status', 'closed_by']).where('id', '=', itemId).executeTakeFirstOrThrow(), {
        timeout: 30_000,
        interval: 250,
      })
      .toEqual({ status: 'sold', closed_by: winner.id });
    const orders = await testDb.db.selectFrom('order_lines').select('order_id').where('item_id', '=', itemId).execute();
    expect(orders).toHaveLength(1);
    expect(worker.child.exitCode).toBeNull();
    expect(worker.output()).toContain('the sweep is scheduled again');
  }, 120_000);
});
