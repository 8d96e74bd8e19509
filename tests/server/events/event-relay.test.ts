import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRunner } from '../../../server/events/command-runner.js';
import { domainEvent, userActor, type CommittedEvent } from '../../../server/events/domain-events.js';
import { countOutboxRows } from '../../../server/events/event-log.repository.js';
import { startEventRelay } from '../../../server/events/event-relay.js';
import { InProcessBus } from '../../../server/realtime/bus.js';
import { RedisBus } from '../../../server/realtime/redis-bus.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startGavelProcess, type ChildGavel } from '../../helpers/processes.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.js';

const logger = pino({ level: 'silent' });
const tag = `gavel-test-${randomBytes(4).toString('hex')}`;
let testDb: TestDatabase;
const children: ChildGavel[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(children.map((c) => c.stop('SIGKILL')));
  await testDb?.drop();
});

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
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
    ...extra,
  };
}

async function startServerProcess(extra: Record<string, string>) {
  const p = await startGavelProcess('server/main.ts', serverEnv(extra), /Gavel is running at http:\/\/localhost:(\d+)/);
  children.push(p);
  return { ...p, url: `http://127.0.0.1:${p.match[1]}` };
}

/** A watcher of one lot on `url`, recording every `bid:placed`. */
async function watchBids(url: string, itemId: number): Promise<{ id: number; bid_amount: number; bid_count: number; min_next_bid: number }[]> {
  const socket = connect(url, { transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  const seen: { id: number; bid_amount: number; bid_count: number; min_next_bid: number }[] = [];
  socket.on('bid:placed', (e: { bid: { id: number; bid_amount: number }; bid_count: number; min_next_bid: number }) =>
    seen.push({ id: e.bid.id, bid_amount: e.bid.bid_amount, bid_count: e.bid_count, min_next_bid: e.min_next_bid }),
  );
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  await socket.emitWithAck('item:subscribe', { item_id: itemId });
  return seen;
}

describe('durable events: what was committed is delivered, even when the process dies before publishing', () => {
  it("when a server process is killed between a bid's commit and its publish, then the relay of another process delivers it to a watcher, once", async () => {
    // A dies right after committing a bid; B watches the lot and relays what A left behind.
    const a = await startServerProcess({ TEST_CRASH_AFTER_COMMIT: 'bid.placed', EVENT_RELAY_INTERVAL_MS: '60000' });
    const b = await startServerProcess({ EVENT_RELAY_INTERVAL_MS: '200', EVENT_RELAY_GRACE_MS: '300' });
    const bidder = await createCustomer(testDb.db);
    const itemId = await createItem(testDb.db, { target_amount: 1000, date_to: new Date(Date.now() + 3600_000) });
    const seen = await watchBids(b.url, itemId);

    await expect(new TestClient(a.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).rejects.toThrow();
    expect(await a.exited).toBeNull(); // killed by the signal, not exited
    const stored = await testDb.db.selectFrom('bids').select(['id', 'bid_amount']).where('item_id', '=', itemId).execute();
    expect(stored).toEqual([{ id: expect.any(Number), bid_amount: 1500 }]);

    // The batch's outbox row names its bids; the relay makes their events again from them.
    await expect.poll(() => seen, { timeout: 10_000 }).toEqual([{ id: stored[0].id, bid_amount: 1500, bid_count: 1, min_next_bid: 1501 }]);
    await expect.poll(() => countOutboxRows(testDb.db), { timeout: 5000 }).toBe(0);

    // The same event delivered again (a relay racing a slow publisher) is not shown twice.
    const bus = new RedisBus(TEST_REDIS_URL, tag);
    await bus.whenReady();
    const again: CommittedEvent = {
      id: `b${stored[0].id}`,
      type: 'bid.placed',
      subject: { type: 'item', id: itemId },
      actor: userActor(bidder.id),
      created_at: new Date().toISOString(),
      payload: {
        item_id: itemId,
        bid_id: stored[0].id,
        user_id: bidder.id,
        user_name: null,
        bid_amount: 1500,
        created_at: new Date().toISOString(),
        bid_count: 1,
        min_next_bid: 1501,
        date_to: null,
        previous_leader_id: null,
        previous_amount: null,
        extended_from: null,
        automatic: false,
        leader_id: bidder.id,
      },
    };
    await bus.publish(again);
    await new Promise((r) => setTimeout(r, 500));
    await bus.close();
    expect(seen).toHaveLength(1);
    await b.stop();
  }, 60_000);

  it('when publishing fails after the commit, then the outbox row stays and the relay publishes it later; the event log keeps the row', async () => {
    const failing = new InProcessBus();
    let down = true;
    const delivered: CommittedEvent[] = [];
    const bus = {
      publish: async (e: CommittedEvent) => {
        if (down) throw new Error('bus down');
        await failing.publish(e);
      },
      subscribe: failing.subscribe.bind(failing),
      close: () => failing.close(),
    };
    bus.subscribe((e) => delivered.push(e));
    const runner = new CommandRunner({ db: testDb.db, bus, logger });
    const user = await createCustomer(testDb.db);
    const before = await countOutboxRows(testDb.db);
    const result = await runner.run(
      async () => ({
        result: 'done',
        events: [domainEvent('watchlist.changed', { type: 'user', id: user.id }, { user_id: user.id, item_id: 1, watching: true })],
      }),
      userActor(user.id),
      {},
    );
    expect(result).toBe('done');
    expect(delivered).toEqual([]);
    expect(await countOutboxRows(testDb.db)).toBe(before + 1);

    down = false;
    const relay = startEventRelay({ db: testDb.db, runner, logger, intervalMs: 60_000, graceMs: 0 });
    await relay.runOnce();
    await relay.stop();
    expect(delivered.map((e) => [e.type, e.actor])).toContainEqual(['watchlist.changed', { type: 'user', id: user.id }]);
    expect(await countOutboxRows(testDb.db)).toBe(0);
    const logged = await testDb.db.selectFrom('domain_events').selectAll().where('type', '=', 'watchlist.changed').where('actor_id', '=', user.id).execute();
    expect(logged).toHaveLength(1);
    expect(delivered.find((e) => e.type === 'watchlist.changed')!.id).toBe(`e${logged[0].id}`);
  });

  it('when a command throws, then nothing of it is logged, queued or published', async () => {
    const bus = new InProcessBus();
    const delivered: CommittedEvent[] = [];
    bus.subscribe((e) => delivered.push(e));
    const runner = new CommandRunner({ db: testDb.db, bus, logger });
    const logBefore = await testDb.db
      .selectFrom('domain_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      runner.run(
        async (trx) => {
          await trx
            .insertInto('domain_events')
            .values({ type: 'watchlist.changed', subject_type: 'user', subject_id: 1, actor_type: 'system', actor_id: null, actor_name: 'x', payload: '{}' })
            .execute();
          throw new Error('refused');
        },
        userActor(1),
        {},
      ),
    ).rejects.toThrow('refused');
    const logAfter = await testDb.db
      .selectFrom('domain_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(logAfter.n)).toBe(Number(logBefore.n));
    expect(delivered).toEqual([]);
  });

  it('when the bus hangs after a commit (Redis restarting), then the command answers without waiting for it, and its events follow in commit order once the bus is back', async () => {
    const inner = new InProcessBus();
    let release: () => void = () => {};
    let gate: Promise<void> = new Promise((resolve) => (release = resolve));
    const bus = {
      publish: async (e: CommittedEvent) => {
        await gate;
        await inner.publish(e);
      },
      subscribe: inner.subscribe.bind(inner),
      close: () => inner.close(),
    };
    const delivered: number[] = [];
    bus.subscribe((e) => {
      if (e.type === 'watchlist.changed') delivered.push(e.payload.item_id);
    });
    const runner = new CommandRunner({ db: testDb.db, bus, logger, publishWaitMs: 50 });
    const user = await createCustomer(testDb.db);
    const change = (itemId: number) =>
      runner.run(
        async () => ({
          result: itemId,
          events: [domainEvent('watchlist.changed', { type: 'user', id: user.id }, { user_id: user.id, item_id: itemId, watching: true })],
        }),
        userActor(user.id),
        {},
      );
    const answered: number[] = [];
    for (const itemId of [1, 2, 3]) {
      // Each answers within a moment although its events can't go out yet.
      answered.push(
        await Promise.race([change(itemId), new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the answer waited for the bus')), 5000))]),
      );
    }
    expect(answered).toEqual([1, 2, 3]);
    expect(delivered).toEqual([]);
    release();
    gate = Promise.resolve();
    await runner.close();
    expect(delivered).toEqual([1, 2, 3]);
  });

  it('when a worker dies right after closing an auction, before publishing it, then auction:closed still reaches the watchers (through the relay), and the lot has one order', async () => {
    const server = await startServerProcess({ EVENT_RELAY_INTERVAL_MS: '200', EVENT_RELAY_GRACE_MS: '300' });
    const winner = await createCustomer(testDb.db);
    const itemId = await createItem(testDb.db, { target_amount: 1000, date_to: new Date(Date.now() + 3600_000) });
    expect((await new TestClient(server.url, winner.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const closed: unknown[] = [];
    socket.on('auction:closed', (e: unknown) => closed.push(e));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    await socket.emitWithAck('item:subscribe', { item_id: itemId });
    await testDb.db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() - 1000) })
      .where('id', '=', itemId)
      .execute();

    // The worker's sweep closes the lot and the worker dies between that commit and its publish.
    const worker = await startGavelProcess(
      'workers/main.ts',
      serverEnv({ TEST_CRASH_AFTER_COMMIT: 'auction.closed', JOB_SWEEP_SECONDS: '1', EVENT_RELAY_INTERVAL_MS: '60000', WORKER_METRICS_PORT: '0' }),
      /"msg":"workers started"/,
    );
    children.push(worker);
    expect(await worker.exited).toBeNull(); // killed by the signal

    await expect.poll(() => closed, { timeout: 10_000 }).toEqual([{ item_id: itemId, closed_by: winner.id, status: 'sold' }]);
    const orders = await testDb.db.selectFrom('order_lines').select('order_id').where('item_id', '=', itemId).execute();
    expect(orders).toHaveLength(1);
    await server.stop();
  }, 60_000);
});
