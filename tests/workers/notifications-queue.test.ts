import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction } from '../../server/auctions/auctions.commands.js';
import { systemActor } from '../../server/events/domain-events.js';
import { createMailSender } from '../../server/notifications/notification-delivery.js';
import { QUEUE_NAMES, openQueues } from '../../server/jobs/queues.js';
import { startWorkers, type RunningWorkers } from '../../workers/run-workers.js';
import { createTestRunner } from '../helpers/commands.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { deleteKeysWithPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const logger = pino({ level: 'silent' });
const prefix = `gavel-test-${randomBytes(4).toString('hex')}`;
let testDb: TestDatabase;
const connections: Redis[] = [];
const workers: RunningWorkers[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Two worker processes' worth of workers on one queue prefix, each with its own runner and Redis connection.
  for (let i = 0; i < 2; i++) {
    const redis = new Redis(TEST_REDIS_URL, { protocol: 2, maxRetriesPerRequest: null });
    connections.push(redis);
    workers.push(
      await startWorkers({
        db: testDb.db,
        runner: createTestRunner(testDb.db).runner,
        logger,
        redis,
        prefix,
        notifications: {
          mail: createMailSender(undefined, 'test@gavel.mw'),
          appUrl: () => 'https://gavel.mw',
          secret: 'x'.repeat(32),
          intervalMs: 100,
          graceMs: 0,
        },
      }),
    );
  }
});
afterAll(async () => {
  for (const w of workers) await w.close();
  if (connections[0]) await deleteKeysWithPrefix(connections[0], prefix);
  for (const r of connections) await r.quit();
  await testDb?.drop();
});

describe('the notifications queue with two workers (issue 16)', () => {
  it('when lots close while two workers run the repeatable notification job, then each winner is told once and each mail and SMS is kept once', async () => {
    const db = testDb.db;
    const { runner } = createTestRunner(db);
    const winners: number[] = [];
    for (let n = 0; n < 12; n++) {
      const winner = await createCustomer(db);
      winners.push(winner.id);
      const itemId = await createItem(db, { name: `Lot ${n}`, target_amount: 1000, date_to: new Date(Date.now() - 1000) });
      await db.insertInto('bids').values({ item_id: itemId, user_id: winner.id, bid_amount: 1001 }).execute();
      await db.updateTable('items').set({ leader_id: winner.id, bid_amount: 1001, bid_count: 1 }).where('id', '=', itemId).execute();
      expect(await runner.run(closeAuction, systemActor('test'), { itemId })).toMatchObject({ status: 'sold' });
    }
    await expect.poll(async () => (await db.selectFrom('message_outbox').select('id').execute()).length, { timeout: 15_000, interval: 100 }).toBe(24);
    // A little longer: nothing more arrives.
    await new Promise((r) => setTimeout(r, 500));
    const notifications = await db.selectFrom('notifications').select(['user_id', 'type']).execute();
    expect(
      notifications
        .filter((n) => n.type === 'won')
        .map((n) => n.user_id)
        .sort((a, b) => a - b),
    ).toEqual(winners);
    const kept = await db.selectFrom('message_outbox').select(['channel', 'delivery_id']).execute();
    expect(kept).toHaveLength(24);
    expect(new Set(kept.map((k) => k.delivery_id)).size).toBe(24);
    expect(kept.filter((k) => k.channel === 'sms')).toHaveLength(12);
    const deliveries = await db.selectFrom('notification_deliveries').select(['status', 'attempts']).execute();
    expect(deliveries.every((d) => d.status === 'sent' && d.attempts === 1)).toBe(true);
    const queue = openQueues(connections[0], prefix)[QUEUE_NAMES.notifications];
    expect(await queue.getJobSchedulersCount()).toBe(1);
    expect(await queue.getCompletedCount()).toBeGreaterThan(1);
    await queue.close();
  });
});
