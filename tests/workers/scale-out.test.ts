import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullmqJobScheduler } from '../../server/jobs/bullmq-job-scheduler.js';
import { QUEUE_NAMES, openQueues } from '../../server/jobs/queues.js';
import { putSetting } from '../../server/settings/settings.repository.js';
import { createCustomer, createItem, insertTestOrder } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { deleteKeysWithPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { startGavelProcess, type ChildGavel } from '../helpers/processes.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const REDIS_URL = TEST_REDIS_URL;
// A fresh bus channel and queue prefix per run keep parallel runs apart.
const tag = `gavel-test-${randomBytes(4).toString('hex')}`;
let testDb: TestDatabase;
let serverA: ChildGavel & { url: string };
let serverB: ChildGavel & { url: string };
let worker: (ChildGavel & { match: RegExpMatchArray }) | undefined;
let redis: Redis;
let queues: ReturnType<typeof openQueues>;
const sockets: Socket[] = [];

function env(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: testDb.url,
    REDIS_URL,
    BUS_CHANNEL: tag,
    QUEUE_PREFIX: tag,
    DATA_DIR: `/tmp/${tag}`,
    CSRF_SECRET: 'x'.repeat(32),
    SEED: 'never',
    LOG_LEVEL: 'info',
    // The safety-net sweep stays out of the way: closes must come from the per-item jobs.
    JOB_SWEEP_SECONDS: '120',
    WORKER_LOCK_MS: '1500',
    WORKER_METRICS_PORT: '0',
  };
}

const startServerProcess = async () => {
  const p = await startGavelProcess('server/main.ts', env(), /Gavel is running at http:\/\/localhost:(\d+)/);
  return { ...p, url: `http://127.0.0.1:${p.match[1]}` };
};
const startWorkerProcess = () => startGavelProcess('workers/main.ts', env(), /"metrics":"([^"]+)","msg":"workers started"/);

async function watch(url: string, itemId: number) {
  const socket = connect(url, { transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  const events: { name: string; at: number; payload: Record<string, unknown> }[] = [];
  socket.onAny((name: string, payload: Record<string, unknown>) => events.push({ name, at: Date.now(), payload }));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  await socket.emitWithAck('item:subscribe', { item_id: itemId });
  return events;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await putSetting(testDb.db, 'soft_close_minutes', 0);
  [serverA, serverB, worker] = await Promise.all([startServerProcess(), startServerProcess(), startWorkerProcess()]);
  redis = new Redis(REDIS_URL, { protocol: 2, maxRetriesPerRequest: null });
  queues = openQueues(redis, tag);
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all([serverA?.stop(), serverB?.stop(), worker?.stop()]);
  await queues?.close();
  if (redis) {
    await deleteKeysWithPrefix(redis, tag);
    await redis.quit();
  }
  await testDb?.drop();
}, 60_000);

const itemRow = (id: number) => testDb.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ordersOf = (itemId: number) =>
  testDb.db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select(['orders.id', 'orders.user_id', 'orders.status'])
    .where('order_lines.item_id', '=', itemId)
    .execute();

describe('two server processes and a worker process on Redis and PostgreSQL (scale-out)', () => {
  it('when a bid is sent to server A, then a watcher on server B receives bid:placed, and auction:closed within 2 s of the end time', async () => {
    await putSetting(testDb.db, 'soft_close_minutes', 0);
    const dateTo = new Date(Date.now() + 2500);
    const itemId = await createItem(testDb.db, { target_amount: 5000, date_to: dateTo });
    const bidder = await createCustomer(testDb.db);
    const events = await watch(serverB.url, itemId);
    const eventsOnA = await watch(serverA.url, itemId);
    const res = await new TestClient(serverA.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 6000 });
    expect(res.status).toBe(200);
    await expect.poll(() => events.filter((e) => e.name === 'bid:placed').map((e) => e.payload.bid_amount), { timeout: 3000 }).toEqual([6000]);

    await expect.poll(() => events.filter((e) => e.name === 'auction:closed').length, { timeout: 6000, interval: 50 }).toBe(1);
    const closed = events.find((e) => e.name === 'auction:closed')!;
    expect(closed.payload).toEqual({ item_id: itemId, closed_by: bidder.id, status: 'sold' });
    expect(closed.at).toBeGreaterThanOrEqual(dateTo.getTime());
    expect(closed.at - dateTo.getTime()).toBeLessThan(2000);
    const item = await itemRow(itemId);
    expect(item).toMatchObject({ status: 'sold', closed_by: bidder.id });
    expect(item.closed_at!.getTime() - dateTo.getTime()).toBeLessThan(2000);
    expect(await ordersOf(itemId)).toEqual([expect.objectContaining({ user_id: bidder.id, status: 'awaiting_payment' })]);
    // Each process emits each event once to its own sockets: nothing doubled through the adapter.
    await new Promise((r) => setTimeout(r, 300));
    for (const list of [events, eventsOnA]) {
      expect(list.filter((e) => e.name === 'bid:placed')).toHaveLength(1);
      expect(list.filter((e) => e.name === 'auction:closed')).toHaveLength(1);
    }
    // The worker process reports how long its close job took.
    const metrics = await (await fetch(worker!.match[1])).text();
    expect(metrics).toMatch(/^gavel_job_duration_seconds_count\{[^}]*queue="auction-close"[^}]*outcome="completed"[^}]*\} [1-9]/m);
  });

  it('when a bid comes in the last minute of an online auction, then the end time moves to now + the soft close window and the close happens at the new time', async () => {
    await putSetting(testDb.db, 'soft_close_minutes', 0.05); // 3 seconds, so the test stays short
    const originalEnd = new Date(Date.now() + 1500);
    const itemId = await createItem(testDb.db, { target_amount: 1000, date_to: originalEnd });
    const bidder = await createCustomer(testDb.db);
    const events = await watch(serverB.url, itemId);
    const res = await new TestClient(serverA.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 });
    expect(res.status).toBe(200);
    const newEnd = new Date(res.body.item.date_to as string);
    expect(newEnd.getTime()).toBeGreaterThan(originalEnd.getTime());
    await expect.poll(() => events.find((e) => e.name === 'item:updated')?.payload.date_to, { timeout: 3000 }).toBe(newEnd.toISOString());

    await new Promise((r) => setTimeout(r, originalEnd.getTime() + 500 - Date.now()));
    expect((await itemRow(itemId)).status).toBe('available');
    expect(events.some((e) => e.name === 'auction:closed')).toBe(false);

    await expect.poll(() => events.filter((e) => e.name === 'auction:closed').length, { timeout: 6000, interval: 50 }).toBe(1);
    const closedAt = events.find((e) => e.name === 'auction:closed')!.at;
    expect(closedAt).toBeGreaterThanOrEqual(newEnd.getTime());
    expect(closedAt - newEnd.getTime()).toBeLessThan(2000);
    expect(await itemRow(itemId)).toMatchObject({ status: 'sold', closed_by: bidder.id });
    await putSetting(testDb.db, 'soft_close_minutes', 0);
  });

  it('when a cash reservation expires unpaid, then the order is cancelled, the item is on sale again and item:updated reaches server B', async () => {
    const buyer = await createCustomer(testDb.db);
    const reservedUntil = new Date(Date.now() + 1500);
    const itemId = await createItem(testDb.db, { kind: 'cash', target_amount: 20_000, date_to: null, is_reserved: true });
    await testDb.db.updateTable('items').set({ reserved_until: reservedUntil }).where('id', '=', itemId).execute();
    const order = await insertTestOrder(testDb.db, {
      user_id: buyer.id,
      order_reference: `COD-${itemId}`,
      sub_total: 20_000,
      customer_name: buyer.name,
      customer_email: buyer.email,
      reserved_until: reservedUntil,
    });
    await testDb.db
      .insertInto('order_lines')
      .values({ order_id: order.id, item_id: itemId, name: 'Reserved lot', quantity: 1, unit_price: 20_000, amount: 20_000 })
      .execute();
    const events = await watch(serverB.url, itemId);
    // What the checkout does when it reserves: schedule the release.
    await new BullmqJobScheduler(queues, pino({ level: 'silent' })).scheduleReservationRelease(order.id, reservedUntil);

    await expect.poll(() => events.find((e) => e.name === 'item:updated')?.payload.is_reserved, { timeout: 6000, interval: 50 }).toBe(false);
    expect(events.find((e) => e.name === 'item:updated')!.at - reservedUntil.getTime()).toBeLessThan(2000);
    const stored = await testDb.db.selectFrom('orders').select(['status', 'cancelled_at']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('cancelled');
    expect(stored.cancelled_at).not.toBeNull();
    const shown = await new TestClient(serverA.url).get(`/ajax-item/${itemId}`);
    expect(shown.body).toMatchObject({ id: itemId, is_reserved: false, status: 'available' });
    expect((await itemRow(itemId)).reserved_until).toBeNull();
  });

  it('when the worker gets SIGTERM during a close job, then it finishes that job, then exits 0', async () => {
    const dateTo = new Date(Date.now() + 500);
    const itemId = await createItem(testDb.db, { date_to: dateTo });
    // What opening an item does: schedule its close.
    await new BullmqJobScheduler(queues, pino({ level: 'silent' })).scheduleAuctionClose(itemId, dateTo);
    const locker = new pg.Client({ connectionString: testDb.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM items WHERE id = $1 FOR UPDATE', [itemId]);
    let exitCode: number | null | undefined;
    try {
      const closeQueue = queues[QUEUE_NAMES.auctionClose];
      await expect.poll(async () => (await closeQueue.getActive()).some((j) => j.data.item_id === itemId), { timeout: 5000, interval: 50 }).toBe(true);
      worker!.child.kill('SIGTERM');
      void worker!.exited.then((code) => (exitCode = code));
      await new Promise((r) => setTimeout(r, 700));
      expect(exitCode).toBeUndefined(); // still busy with the job in hand
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }
    expect(await worker!.exited).toBe(0);
    expect((await itemRow(itemId)).status).toBe('unsold');
    worker = await startWorkerProcess();
  });

  it('when the worker is killed in the middle of a close job, then the job is retried and the auction is closed once, with one order', async () => {
    const dateTo = new Date(Date.now() + 800);
    const itemId = await createItem(testDb.db, { target_amount: 1000, date_to: dateTo });
    const bidder = await createCustomer(testDb.db);
    expect((await new TestClient(serverA.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 2000 })).status).toBe(200);
    // Hold the item's row lock so the close job blocks inside its transaction.
    const locker = new pg.Client({ connectionString: testDb.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM items WHERE id = $1 FOR UPDATE', [itemId]);
    try {
      const closeQueue = queues[QUEUE_NAMES.auctionClose];
      await expect.poll(async () => (await closeQueue.getActive()).some((j) => j.data.item_id === itemId), { timeout: 5000, interval: 50 }).toBe(true);
      await worker!.stop('SIGKILL');
      worker = undefined;
    } finally {
      await locker.query('COMMIT');
      await locker.end();
    }
    expect((await itemRow(itemId)).status).toBe('available');
    worker = await startWorkerProcess();
    await expect.poll(async () => (await itemRow(itemId)).status, { timeout: 10_000, interval: 100 }).toBe('sold');
    expect(await ordersOf(itemId)).toHaveLength(1);
    expect((await itemRow(itemId)).closed_by).toBe(bidder.id);
  }, 40_000);
});
