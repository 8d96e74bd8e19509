import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCloseAuction } from '../../server/jobs/close-auction.job.js';
import type { JobDeps } from '../../server/jobs/job-deps.js';
import { PAYMENT_VERIFY_BACKOFF, QUEUE_NAMES, createPaymentVerifyBackoff, openQueues, verifyPaymentJobId } from '../../server/jobs/queues.js';
import { handleReleaseReservation } from '../../server/jobs/release-reservation.job.js';
import { handleSweep } from '../../server/jobs/sweep.job.js';
import type { PaymentVerificationOutcome } from '../../server/jobs/verify-payment.job.js';
import type { CommittedEvent } from '../../server/events/domain-events.js';
import { startWorkers, type RunningWorkers } from '../../workers/run-workers.js';
import { createTestRunner } from '../helpers/commands.js';
import { createCustomer, createItem, insertTestOrder } from '../helpers/factories.js';
import { deleteKeysWithPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDb: TestDatabase;
let deps: JobDeps;
let events: CommittedEvent[] = [];
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  testDb = await createTestDatabase();
  const test = createTestRunner(testDb.db);
  events = test.events;
  deps = { db: testDb.db, runner: test.runner, logger };
});
afterAll(async () => {
  await testDb?.drop();
});

const past = () => new Date(Date.now() - 1000);

/** A reserved (unpaid cash-on-delivery) order over `itemIds`, as the checkout creates it. */
async function reserve(itemIds: number[], reservedUntil: Date, status: 'reserved' | 'paid' = 'reserved'): Promise<number> {
  const buyer = await createCustomer(testDb.db);
  await testDb.db.updateTable('items').set({ is_reserved: true, reserved_until: reservedUntil }).where('id', 'in', itemIds).execute();
  const order = await insertTestOrder(testDb.db, {
    user_id: buyer.id,
    order_reference: `COD-${randomBytes(4).toString('hex')}`,
    status,
    customer_name: buyer.name,
    customer_email: buyer.email,
    reserved_until: reservedUntil,
  });
  await testDb.db
    .insertInto('order_lines')
    .values(itemIds.map((item_id) => ({ order_id: order.id, item_id, name: 'Lot', quantity: 1, unit_price: 500, amount: 500 })))
    .execute();
  return order.id;
}

describe('job handlers are idempotent (the database is the truth)', () => {
  it('when the close job runs twice for an ended auction, then it closes once and publishes auction.closed once', async () => {
    const itemId = await createItem(testDb.db, { date_to: past() });
    const before = events.length;
    const data = { item_id: itemId, date_to: new Date().toISOString() };
    expect(await handleCloseAuction(deps, data)).toEqual({ item_id: itemId, closed_by: null, status: 'unsold', order_id: null });
    expect(await handleCloseAuction(deps, data)).toBeNull();
    expect(events.slice(before)).toMatchObject([
      {
        type: 'auction.closed',
        subject: { type: 'item', id: itemId },
        actor: { type: 'system', name: 'auction-close' },
        payload: { item_id: itemId, closed_by: null, status: 'unsold', order_id: null },
      },
    ]);
  });

  it("when a lot with a winning bid closes, then auction.closed naming the winner's new order is published, once", async () => {
    const winner = await createCustomer(testDb.db);
    const itemId = await createItem(testDb.db, { date_to: past() });
    await testDb.db.updateTable('items').set({ bid_amount: 250_000, bid_count: 1, leader_id: winner.id }).where('id', '=', itemId).execute();
    const before = events.length;
    const data = { item_id: itemId, date_to: new Date().toISOString() };
    const closed = await handleCloseAuction(deps, data);
    expect(closed).toEqual({ item_id: itemId, closed_by: winner.id, status: 'sold', order_id: expect.any(Number) });
    expect(await handleCloseAuction(deps, data)).toBeNull();
    const published = events.slice(before);
    expect(published.map((e) => e.type)).toEqual(['auction.closed']);
    expect(published[0].payload).toMatchObject({ order_id: closed!.order_id, bid_amount: 250_000 });
    const order = await testDb.db.selectFrom('orders').selectAll().where('id', '=', closed!.order_id!).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'awaiting_payment', amount_total: 250_000, user_id: winner.id, source: 'auction' });
  });

  it('when an expired reservation is released twice, then the order is cancelled once, its items go back on sale, and one order.status_changed naming them is published by the release actor', async () => {
    const a = await createItem(testDb.db, { kind: 'cash', date_to: null });
    const b = await createItem(testDb.db, { kind: 'cash', date_to: null });
    const orderId = await reserve([a, b], past());
    const before = events.length;
    const itemIds = [a, b].sort((x, y) => x - y);
    expect(await handleReleaseReservation(deps, { order_id: orderId })).toEqual({ order_id: orderId, item_ids: itemIds });
    expect(await handleReleaseReservation(deps, { order_id: orderId })).toBeNull();
    const published = events.slice(before);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      type: 'order.status_changed',
      subject: { type: 'order', id: orderId },
      actor: { type: 'system', name: 'reservation-release' },
      payload: { order_id: orderId, before: 'reserved', after: 'cancelled', item_ids: itemIds },
    });
    expect(await testDb.db.selectFrom('orders').select(['cancel_reason', 'settled_by']).where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({
      cancel_reason: null,
      settled_by: null,
    });
    const items = await testDb.db.selectFrom('items').select(['is_reserved', 'reserved_until']).where('id', 'in', [a, b]).execute();
    expect(items).toEqual([
      { is_reserved: false, reserved_until: null },
      { is_reserved: false, reserved_until: null },
    ]);
    expect(await testDb.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({ status: 'cancelled' });
  });

  it('when a reservation is not yet expired or the order is paid, then releasing changes nothing', async () => {
    const a = await createItem(testDb.db, { kind: 'cash', date_to: null });
    const b = await createItem(testDb.db, { kind: 'cash', date_to: null });
    const pending = await reserve([a], new Date(Date.now() + 3600_000));
    const paid = await reserve([b], past(), 'paid');
    expect(await handleReleaseReservation(deps, { order_id: pending })).toBeNull();
    expect(await handleReleaseReservation(deps, { order_id: paid })).toBeNull();
    const items = await testDb.db.selectFrom('items').select('is_reserved').where('id', 'in', [a, b]).execute();
    expect(items.map((i) => i.is_reserved)).toEqual([true, true]);
  });

  it('when the sweep runs, then it closes every ended auction and releases every expired reservation whose job was lost, and a second sweep finds nothing', async () => {
    const ended = await createItem(testDb.db, { date_to: past() });
    const open = await createItem(testDb.db, { date_to: new Date(Date.now() + 3600_000) });
    const cash = await createItem(testDb.db, { kind: 'cash', date_to: null });
    const orderId = await reserve([cash], past());
    const first = await handleSweep(deps);
    expect(first.closed).toBeGreaterThanOrEqual(1);
    expect(first.released).toBeGreaterThanOrEqual(1);
    expect(await handleSweep(deps)).toEqual({ closed: 0, released: 0, scheduled: 0 });
    const rows = await testDb.db.selectFrom('items').select(['id', 'status', 'is_reserved']).where('id', 'in', [ended, open, cash]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: ended, status: 'unsold', is_reserved: false },
      { id: open, status: 'available', is_reserved: false },
      { id: cash, status: 'available', is_reserved: false },
    ]);
    expect((await testDb.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('cancelled');
  });
});

describe('payment re-verification (verifier injected; the real DPO one is tested with the simulator)', () => {
  const prefix = `gavel-test-${randomBytes(4).toString('hex')}`;
  let redis: Redis;
  let running: RunningWorkers;
  const answers = new Map<number, PaymentVerificationOutcome[]>();
  const calls: number[] = [];
  const fakeVerifier = async (orderId: number): Promise<PaymentVerificationOutcome> => {
    calls.push(orderId);
    return answers.get(orderId)?.shift() ?? 'pending';
  };

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { protocol: 2, maxRetriesPerRequest: null });
    running = await startWorkers({ db: testDb.db, runner: deps.runner, logger, redis, prefix, reverifyPayment: fakeVerifier, paymentScheduleMs: [20, 40] });
  });
  afterAll(async () => {
    await running?.close();
    await deleteKeysWithPrefix(redis, prefix);
    await redis?.quit();
  });

  it('when the schedule is asked for, then the first checks come minutes apart and the last delay repeats', () => {
    const backoff = createPaymentVerifyBackoff();
    expect([1, 2, 3].map((n) => backoff(n, PAYMENT_VERIFY_BACKOFF))).toEqual([60_000, 120_000, 300_000]);
    expect(backoff(99, PAYMENT_VERIFY_BACKOFF)).toBe(720 * 60_000);
  });

  it('when DPO says pending twice then paid, then the job retries on the schedule and completes as paid', async () => {
    answers.set(101, ['pending', 'pending', 'paid']);
    const queue = openQueues(redis, prefix)[QUEUE_NAMES.paymentVerify];
    await queue.add('verify', { order_id: 101 }, { jobId: verifyPaymentJobId(101) });
    await expect.poll(async () => (await queue.getJob(verifyPaymentJobId(101)))?.returnvalue, { timeout: 5000, interval: 50 }).toBe('paid');
    expect(calls.filter((c) => c === 101)).toHaveLength(3);
    await queue.close();
  });

  it('when DPO keeps saying pending, then after the last try the job stays in the failed set for an operator', async () => {
    const queue = openQueues(redis, prefix)[QUEUE_NAMES.paymentVerify];
    await queue.add('verify', { order_id: 202 }, { jobId: verifyPaymentJobId(202), attempts: 3 });
    await expect.poll(async () => (await queue.getJob(verifyPaymentJobId(202)))?.finishedOn, { timeout: 5000, interval: 50 }).toBeTruthy();
    const job = (await queue.getJob(verifyPaymentJobId(202)))!;
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(3);
    expect(job.failedReason).toContain('still pending');
    await queue.close();
  });
});
