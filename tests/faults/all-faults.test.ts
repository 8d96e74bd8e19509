import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { putSetting } from '../../server/settings/settings.repository.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { freePort, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../helpers/private-services.js';
import { startGavelProcess, testProcessEnv, type ChildGavel } from '../helpers/processes.js';

/**
 * Every fault of the scale-out deployment in one run, under load: two server processes and a
 * worker on a private PostgreSQL and Redis, bidders taking turns on lots through either server,
 * watchers on both (reconnecting and refetching as the real client does), lots ending during the
 * run. In turn: Redis restarted empty, the worker SIGKILLed (and started again), PostgreSQL
 * restarted, the subscribers' connections killed, a server SIGTERMed (and started again on its
 * port). Then: no acknowledged bid lost, each lot's bids rising and counted, every watcher has
 * every bid of its lot, every ended lot closed once with at most one order, /readyz answered 503
 * while PostgreSQL was down, and no process died that wasn't stopped on purpose.
 * Source: issue 18 ("Tests that do the breaking").
 */

const tag = `gavel-faults-${randomBytes(4).toString('hex')}`;
let postgres: PrivatePostgres;
let redis: PrivateRedis;
let database: DatabaseHandle;
let dataDir: string;
const ports: number[] = [];
const servers: (ChildGavel | null)[] = [null, null];
let worker: ChildGavel | null = null;
const retired: ChildGavel[] = [];
const sockets: Socket[] = [];

const env = (port: number): Record<string, string> =>
  testProcessEnv({
    PORT: String(port),
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    BUS_CHANNEL: tag,
    QUEUE_PREFIX: tag,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOB_SWEEP_SECONDS: '1',
    WORKER_METRICS_PORT: '0',
    SHUTDOWN_TIMEOUT_MS: '5000',
  });
const url = (i: number) => `http://127.0.0.1:${ports[i]}`;
const startServer = async (i: number) => {
  servers[i] = await startGavelProcess('server/main.ts', env(ports[i]), /Gavel is running at http:\/\/localhost:(\d+)/, 90_000);
};
const startWorker = async () => {
  worker = await startGavelProcess('workers/main.ts', { ...env(0), LOG_LEVEL: 'info' }, /"msg":"workers started"/, 90_000);
};

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-faults-'));
  ports.push(await freePort(), await freePort());
  await startServer(0); // migrates the database
  await Promise.all([startServer(1), startWorker()]);
  database = await openDatabase({ databaseUrl: postgres.url, poolSize: 4, logger: { warn: () => undefined } });
}, 240_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all([...servers, worker, ...retired].map((p) => p?.stop('SIGKILL')));
  await database?.close().catch(() => undefined);
  await redis?.destroy();
  await postgres?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { bid?: { id: number } | null; item?: { min_next_bid: number }; min_next_bid?: number; reason?: string } | null;
}

async function call(base: string, pathname: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Answer> {
  try {
    const res = await fetch(base + pathname, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

/** A watcher as the real client is: it (re)subscribes on every connect and refetches the lot's bids. */
function watcher(serverIndex: number, itemId: number) {
  const seen = new Set<number>();
  const socket = connect(url(serverIndex), { transports: ['websocket'], forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
  sockets.push(socket);
  const refetch = async () => {
    for (let page = 1; page < 50; page++) {
      const r = await call(url(serverIndex), `/api/open-item/${itemId}/bids?page=${page}&per_page=100`);
      if (r.status !== 200) return;
      const body = r.body as unknown as { data: { id: number }[]; pagination: { last_page: number } };
      for (const b of body.data) seen.add(b.id);
      if (page >= body.pagination.last_page) return;
    }
  };
  socket.on('connect', () => {
    void socket
      .timeout(5000)
      .emitWithAck('item:subscribe', { item_id: itemId })
      .catch(() => undefined)
      .then(refetch);
  });
  socket.on('bid:placed', (e: { bid: { id: number } }) => seen.add(e.bid.id));
  // A server handing its sockets over on shutdown disconnects them itself: the client connects again (client/src/lib/socket.ts).
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 1000);
  });
  return { seen, socket, refetch, serverIndex };
}

describe('every fault at once, under load, on two servers and a worker (issue 18)', () => {
  it('when Redis, the worker, PostgreSQL, the subscribers and a server fail in turn while bidders bid and lots end, then nothing acknowledged is lost, watchers end with every bid and every ended lot closes once', async () => {
    const db = database.db;
    // No soft close here: the ending lots must end when they say, during the faults.
    await putSetting(db, 'soft_close_minutes', 0);
    const bidders = await Promise.all([0, 1, 2, 3].map(() => createCustomer(db)));
    const lots = await Promise.all([0, 1].map(() => createItem(db, { target_amount: 1000, date_to: new Date(Date.now() + 3600_000) })));
    const ending: number[] = [];
    for (const [i, s] of [14, 26, 40].entries())
      ending.push(await createItem(db, { target_amount: 500, date_to: new Date(Date.now() + s * 1000), name: `Lot ending ${i}` }));
    const watchers = lots.flatMap((itemId) => [watcher(0, itemId), watcher(1, itemId)]);
    await Promise.all(watchers.map((w) => new Promise<void>((r) => (w.socket.connected ? r() : w.socket.once('connect', () => r())))));

    // Bidders: two per lot taking turns, through either server (the other one when a call fails).
    const acked: { id: number; itemId: number }[] = [];
    let running = true;
    const drive = async (itemId: number, pair: [string, string], first: number) => {
      let amount = 1001;
      let turn = 0;
      let via = first;
      while (running) {
        const r = await call(url(via), '/ajax-bid', { method: 'POST', token: pair[turn], body: { item_id: itemId, amount } });
        if (r.status === 200 && r.body?.bid) {
          acked.push({ id: r.body.bid.id, itemId });
          amount = Math.max(amount + 10, r.body.item?.min_next_bid ?? 0);
          turn = 1 - turn;
        } else if (r.status === 422 && r.body?.min_next_bid) amount = Math.max(amount + 10, r.body.min_next_bid);
        else if (r.status === 422 && r.body?.reason === 'already_leading') turn = 1 - turn;
        else {
          via = 1 - via; // server down or database out: try the other, a moment later
          await new Promise((res) => setTimeout(res, 100));
        }
        await new Promise((res) => setTimeout(res, 30));
      }
    };
    // The ending lots get a bid or two each, early.
    for (const [i, itemId] of ending.entries()) {
      if (i < 2)
        expect((await call(url(i % 2), '/ajax-bid', { method: 'POST', token: bidders[i].token, body: { item_id: itemId, amount: 600 } })).status).toBe(200);
    }
    const driving = Promise.all([drive(lots[0], [bidders[0].token, bidders[1].token], 0), drive(lots[1], [bidders[2].token, bidders[3].token], 1)]);

    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const readyDuringOutage: number[] = [];
    await pause(2000);
    // 1. Redis restarted empty.
    await redis.stop();
    await pause(1500);
    await redis.start();
    await pause(3000);
    // 2. The worker killed, then started again.
    retired.push(worker!);
    await worker!.stop('SIGKILL');
    await pause(2000);
    await startWorker();
    await pause(2000);
    // 3. PostgreSQL restarted; /readyz must say so while it is down.
    await postgres.stop();
    readyDuringOutage.push((await call(url(0), '/readyz')).status, (await call(url(1), '/readyz')).status);
    await pause(1500);
    await postgres.start();
    await pause(3000);
    // 4. The subscribers' Redis connections killed.
    const admin = new Redis(redis.url);
    await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub').catch(() => undefined);
    await admin.quit();
    await pause(2000);
    // 5. Server B stopped gracefully, then started again on its port (its watchers reconnect).
    retired.push(servers[1]!);
    await servers[1]!.stop('SIGTERM');
    await pause(1000);
    await startServer(1);
    await pause(4000);
    running = false;
    await driving;

    // Settle: the last ending lot has closed; watchers refetch as a reconnecting client would.
    await expect
      .poll(async () => (await db.selectFrom('items').select('status').where('id', 'in', ending).execute()).every((r) => r.status !== 'available'), {
        timeout: 30_000,
        interval: 500,
        message: `ending lots: ${JSON.stringify(await db.selectFrom('items').select(['id', 'status', 'date_to']).where('id', 'in', ending).execute())}; worker: ${worker!.output().slice(-3000)}`,
      })
      .toBe(true);

    // No acknowledged bid lost; each lot's bids rise and are counted.
    const stored = await db.selectFrom('bids').select(['id', 'item_id', 'bid_amount']).where('item_id', 'in', lots).orderBy('id').execute();
    const storedIds = new Set(stored.map((b) => b.id));
    expect(acked.length).toBeGreaterThan(20);
    expect(acked.filter((a) => !storedIds.has(a.id))).toEqual([]);
    for (const itemId of lots) {
      const list = stored.filter((b) => b.item_id === itemId);
      for (let i = 1; i < list.length; i++) expect(list[i].bid_amount).toBeGreaterThan(list[i - 1].bid_amount);
      const item = await db.selectFrom('items').select(['bid_count', 'bid_amount']).where('id', '=', itemId).executeTakeFirstOrThrow();
      expect(item.bid_count).toBe(list.length);
      expect(item.bid_amount).toBe(list.at(-1)?.bid_amount ?? null);
    }
    // Every watcher ends with every bid of its lot (live events, plus what it refetched on reconnect).
    for (const w of watchers) {
      const itemId = lots[watchers.indexOf(w) >> 1];
      const want = stored.filter((b) => b.item_id === itemId).map((b) => b.id);
      await expect
        .poll(() => want.filter((id) => !w.seen.has(id)).length, {
          timeout: 15_000,
          interval: 500,
          message: `watcher on server ${w.serverIndex} of lot ${itemId}: connected ${w.socket.connected}, saw ${w.seen.size} of ${want.length}`,
        })
        .toBe(0);
    }
    // Every ended lot closed once: sold with one order when it had bids, else unsold.
    const closed = await db.selectFrom('items').select(['id', 'status', 'closed_by']).where('id', 'in', ending).orderBy('id').execute();
    expect(ending.map((id) => closed.find((c) => c.id === id)!.status)).toEqual(['sold', 'sold', 'unsold']);
    const orders = await sql<{ item_id: number; n: number }>`
      SELECT oi.item_id, count(DISTINCT o.id)::int AS n FROM order_lines oi JOIN orders o ON o.id = oi.order_id
      WHERE oi.item_id = ANY(${ending}::bigint[]) GROUP BY oi.item_id
    `.execute(db);
    expect(orders.rows.map((r) => r.n)).toEqual([1, 1]);
    // Honest readiness while the database was down; every process still running is healthy.
    expect(readyDuringOutage.every((s) => s === 503)).toBe(true);
    for (const p of [...servers, worker]) expect(p!.child.exitCode).toBeNull();
    for (const i of [0, 1]) expect((await call(url(i), '/readyz')).status).toBe(200);
  }, 240_000);
});
