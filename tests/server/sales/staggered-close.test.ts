import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { closeAuctionJobId, QUEUE_NAMES } from '../../../server/jobs/queues.js';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { deleteKeysWithPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const hour = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A time to the second (the API and the database keep milliseconds; round ones read better in failures). */
const wholeSecond = (ms: number) => Math.ceil(ms / 1000) * 1000;

/** A server's operator client, and a helper creating an online sale (a draft) with lots. */
async function operatorOf(server: TestServer) {
  const db = server.database.db;
  const a = await createCustomer(db, { name: 'Yard Clerk' });
  await grantRole(db, a.id, 'admin');
  const admin = new TestClient(server.url, a.token);
  const createSale = async (fields: Record<string, unknown>, lotNames: string[]) => {
    const res = await admin.post('/api/admin/sales', { name: `Staggered sale ${randomBytes(3).toString('hex')}`, kind: 'online', ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ids: number[] = [];
    // The lots' own ends are anything: the sale sets them once it is staggered.
    for (const name of lotNames) ids.push(await createItem(db, { auction_type_id: res.body.data.id, name, date_to: new Date(Date.now() + 9 * hour) }));
    return { sale: res.body.data as { id: number }, ids };
  };
  return { admin, createSale };
}

/** Each lot's end (epoch ms) by id. */
async function endsOf(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  const rows = await db.selectFrom('items').select(['id', 'date_to']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r.date_to!.getTime()]));
  return ids.map((id) => byId.get(id)!);
}

describe('staggered closing with BullMQ: every close job is scheduled and rescheduled (issue 13 "Sales")', () => {
  let server: TestServer;
  let redis: Redis;
  let queue: Queue;
  const prefix = `sales-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    server = await startTestServer({ env: { REDIS_URL: TEST_REDIS_URL, BUS_CHANNEL: prefix, QUEUE_PREFIX: prefix } });
    redis = new Redis(TEST_REDIS_URL, { protocol: 2, maxRetriesPerRequest: null });
    queue = new Queue(QUEUE_NAMES.auctionClose, { connection: redis, prefix });
  });
  afterAll(async () => {
    await queue?.close();
    await server?.stop();
    if (redis) {
      await deleteKeysWithPrefix(redis, prefix);
      redis.disconnect();
    }
  });

  /** The delayed close jobs of these lots, as `[item, date_to ms]` (polled: jobs are made after the commit). */
  const delayedJobsOf = async (ids: number[]) => {
    const jobs = await queue.getJobs(['delayed']);
    return jobs
      .map((j) => j.data as { item_id: number; date_to: string })
      .filter((d) => ids.includes(d.item_id))
      .map((d) => [d.item_id, Date.parse(d.date_to)] as [number, number])
      .sort((a, b) => ids.indexOf(a[0]) - ids.indexOf(b[0]));
  };

  it('when a staggered sale is published, then lot N closes at date_to + (N-1) × N seconds and each lot has its delayed close job at that time', async () => {
    const { admin, createSale } = await operatorOf(server);
    const end = wholeSecond(Date.now() + 2 * hour);
    const { sale, ids } = await createSale({ date_to: iso(end), stagger_seconds: 60 }, ['Lot one', 'Lot two', 'Lot three']);
    // Lots written straight into a draft keep their own ends until the sale sets them: publishing does.
    expect((await endsOf(server.database.db, ids)).every((t) => t > end + hour)).toBe(true);
    expect((await admin.post(`/api/admin/sales/${sale.id}/publish`)).status).toBe(200);
    expect(await endsOf(server.database.db, ids)).toEqual([end, end + 60_000, end + 120_000]);
    await expect
      .poll(() => delayedJobsOf(ids))
      .toEqual([
        [ids[0], end],
        [ids[1], end + 60_000],
        [ids[2], end + 120_000],
      ]);
    for (const [i, id] of ids.entries()) {
      const job = await queue.getJob(closeAuctionJobId(id, new Date(end + i * 60_000)));
      expect(job, `job of lot ${i + 1}`).toBeTruthy();
      // Due when the lot ends (give or take the time the test took).
      expect(Math.abs(job!.timestamp + (job!.opts.delay ?? 0) - (end + i * 60_000))).toBeLessThan(5000);
    }
  });

  it('when the operator changes N, then date_to, then the lot order, then every lot gets its new end and its close job moves with it (the old one is gone)', async () => {
    const { admin, createSale } = await operatorOf(server);
    const end = wholeSecond(Date.now() + 3 * hour);
    const { sale, ids } = await createSale({ date_to: iso(end), stagger_seconds: 60 }, ['A', 'B', 'C']);
    expect((await admin.post(`/api/admin/sales/${sale.id}/publish`)).status).toBe(200);
    await expect.poll(() => delayedJobsOf(ids)).toHaveLength(3);

    // N: 60 s → 30 s.
    expect((await admin.request('PATCH', `/api/admin/sales/${sale.id}`, { stagger_seconds: 30 })).status).toBe(200);
    expect(await endsOf(server.database.db, ids)).toEqual([end, end + 30_000, end + 60_000]);
    await expect
      .poll(() => delayedJobsOf(ids))
      .toEqual([
        [ids[0], end],
        [ids[1], end + 30_000],
        [ids[2], end + 60_000],
      ]);
    expect(await queue.getJob(closeAuctionJobId(ids[2], new Date(end + 120_000)))).toBeFalsy();

    // date_to: an hour later.
    const later = end + hour;
    expect((await admin.request('PATCH', `/api/admin/sales/${sale.id}`, { date_to: iso(later) })).status).toBe(200);
    await expect
      .poll(() => delayedJobsOf(ids))
      .toEqual([
        [ids[0], later],
        [ids[1], later + 30_000],
        [ids[2], later + 60_000],
      ]);

    // Order: C, A, B → C closes first.
    expect((await admin.request('PATCH', `/api/admin/sales/${sale.id}/lots`, { item_ids: [ids[2], ids[0], ids[1]] })).status).toBe(200);
    expect(await endsOf(server.database.db, [ids[2], ids[0], ids[1]])).toEqual([later, later + 30_000, later + 60_000]);
    await expect
      .poll(() => delayedJobsOf(ids))
      .toEqual([
        [ids[0], later + 30_000],
        [ids[1], later + 60_000],
        [ids[2], later],
      ]);

    // Each rescheduling is one audited event naming every moved lot's end before and after.
    const history = await admin.get(`/api/admin/audit?subject_type=sale&subject_id=${sale.id}&type=sale.closes_rescheduled&per_page=10`);
    const first = history.body.data.at(-1);
    expect(history.body.data).toHaveLength(4);
    expect(first.payload.closes).toHaveLength(3);
    const nChange = history.body.data.at(-2);
    expect(nChange.payload).toMatchObject({
      stagger_seconds: 30,
      closes: [{ item_id: ids[1], before: iso(end + 60_000), after: iso(end + 30_000) }, { item_id: ids[2] }],
    });
  });

  it('when a lot already closed, then a new N leaves its end alone and schedules nothing for it', async () => {
    const { admin, createSale } = await operatorOf(server);
    const end = wholeSecond(Date.now() + 2 * hour);
    const { sale, ids } = await createSale({ date_to: iso(end), stagger_seconds: 60 }, ['Sold already', 'Still open']);
    await server.database.db.updateTable('items').set({ status: 'unsold', closed_at: new Date() }).where('id', '=', ids[0]).execute();
    const before = await endsOf(server.database.db, ids);
    expect((await admin.request('PATCH', `/api/admin/sales/${sale.id}`, { stagger_seconds: 10 })).status).toBe(200);
    const after = await endsOf(server.database.db, ids);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(end + 10_000);
  });
});

describe('staggered closing in the embedded mode (PGlite, in-process jobs): the lots close one after another, soft close per lot', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine: 'pglite' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('when a published sale ends in a few seconds with 1 s between lots, then the lots close in lot order, each at its own end, the leaders winning', async () => {
    const db = server.database.db;
    const { admin, createSale } = await operatorOf(server);
    // Time enough to publish and bid on a busy machine before lot 1 closes.
    const end = wholeSecond(Date.now() + 6000);
    const { sale, ids } = await createSale({ date_to: iso(end), stagger_seconds: 1, soft_close_minutes: 0 }, ['First', 'Second', 'Third']);
    // Bidding order is not closing order: the operator puts Third first.
    expect((await admin.request('PATCH', `/api/admin/sales/${sale.id}/lots`, { item_ids: [ids[2], ids[0], ids[1]] })).status).toBe(200);
    expect((await admin.post(`/api/admin/sales/${sale.id}/publish`)).status).toBe(200);
    const bidder = await createCustomer(db);
    for (const id of ids) expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: id, amount: 100_001 })).status).toBe(200);

    await expect
      .poll(async () => (await db.selectFrom('items').select('status').where('id', 'in', ids).execute()).map((r) => r.status), { timeout: 20_000 })
      .toEqual(['sold', 'sold', 'sold']);
    const rows = await db.selectFrom('items').select(['id', 'closed_at', 'closed_by', 'date_to']).where('id', 'in', ids).execute();
    const closing = [ids[2], ids[0], ids[1]].map((id) => rows.find((r) => r.id === id)!);
    expect(closing.map((r) => r.date_to!.getTime())).toEqual([end, end + 1000, end + 2000]);
    expect(closing.every((r) => r.closed_by === bidder.id)).toBe(true);
    const closedAt = closing.map((r) => r.closed_at!.getTime());
    expect(closedAt[0]).toBeLessThan(closedAt[1]);
    expect(closedAt[1]).toBeLessThan(closedAt[2]);
    // Never before its own end (the sweep runs every second).
    closing.forEach((r) => expect(r.closed_at!.getTime()).toBeGreaterThanOrEqual(r.date_to!.getTime()));
  });

  it("when a bid comes in a lot's last minute, then the sale's soft close moves that lot's end only; the next lots keep theirs", async () => {
    const db = server.database.db;
    const { admin, createSale } = await operatorOf(server);
    const end = wholeSecond(Date.now() + 30_000);
    const { sale, ids } = await createSale({ date_to: iso(end), stagger_seconds: 60, soft_close_minutes: 1 }, ['One', 'Two', 'Three']);
    expect((await admin.post(`/api/admin/sales/${sale.id}/publish`)).status).toBe(200);
    const bidder = await createCustomer(db);
    const before = Date.now();
    const res = await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: ids[0], amount: 100_001 });
    expect(res.status).toBe(200);
    const [one, two, three] = await endsOf(db, ids);
    expect(one).toBeGreaterThanOrEqual(before + 60_000 - 1000);
    expect(one).toBeLessThanOrEqual(Date.now() + 60_000 + 1000);
    expect([two, three]).toEqual([end + 60_000, end + 120_000]);
  });

  it('when a draft sale ends, then its lots stay open (nothing closes before publishing)', async () => {
    const db = server.database.db;
    const { createSale } = await operatorOf(server);
    const { ids } = await createSale({}, ['Draft lot']);
    await db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() - 1000) })
      .where('id', '=', ids[0])
      .execute();
    await new Promise((r) => setTimeout(r, 2500));
    expect(await db.selectFrom('items').select(['status', 'closed_at']).where('id', '=', ids[0]).executeTakeFirstOrThrow()).toEqual({
      status: 'available',
      closed_at: null,
    });
  });
});
