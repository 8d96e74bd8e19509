import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { deleteKeysWithPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

const tag = `gavel-test-${randomBytes(4).toString('hex')}`;
let embedded: TestServer;
let scaled: TestServer;

beforeAll(async () => {
  [embedded, scaled] = await Promise.all([startTestServer(), startTestServer({ env: { REDIS_URL: TEST_REDIS_URL, BUS_CHANNEL: tag, QUEUE_PREFIX: tag } })]);
});
afterAll(async () => {
  await embedded?.stop();
  await scaled?.stop();
  const redis = new Redis(TEST_REDIS_URL, { protocol: 2 });
  await deleteKeysWithPrefix(redis, tag);
  await redis.quit();
});

/** The value of sample `name` carrying every label of `labels` (any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = line.match(/^([a-z_]+)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** A signed-in admin (a customer given the admin role). */
async function createAdmin(server: TestServer) {
  const user = await createCustomer(server.database.db);
  const role = await server.database.db.selectFrom('roles').select('id').where('name', '=', 'admin').executeTakeFirstOrThrow();
  await server.database.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return user;
}

describe('/admin/queues (bull-board, admin only)', () => {
  it('when signed out, then 401; when signed in without the admin role, then 403', async () => {
    const customer = await createCustomer(scaled.database.db);
    expect((await new TestClient(scaled.url).get('/admin/queues')).status).toBe(401);
    expect((await new TestClient(scaled.url, customer.token).get('/admin/queues')).status).toBe(403);
    expect((await new TestClient(scaled.url, customer.token).get('/admin/queues/api/queues')).status).toBe(403);
  });

  it('when an admin opens it with Redis, then the board and its API list the five queues', async () => {
    const admin = await createAdmin(scaled);
    const page = await fetch(`${scaled.url}/admin/queues`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('__UI_CONFIG__');
    const api = await new TestClient(scaled.url, admin.token).get('/admin/queues/api/queues');
    expect(api.status).toBe(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([
      'auction-close',
      'maintenance',
      'notifications',
      'payment-verify',
      'reservation-release',
    ]);
  });

  it('when an admin opens it in the embedded mode (no Redis), then 503 explains why there is no queue', async () => {
    const admin = await createAdmin(embedded);
    const res = await new TestClient(embedded.url, admin.token).get('/admin/queues');
    expect(res.status).toBe(503);
    expect(res.body.message).toContain('REDIS_URL');
    expect((await new TestClient(embedded.url).get('/admin/queues')).status).toBe(401);
  });
});

describe('/readyz and /metrics', () => {
  it('when the database and Redis answer, then /readyz is 200 naming both; embedded says Redis is not configured', async () => {
    expect((await new TestClient(scaled.url).get('/readyz')).body).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
    expect((await new TestClient(embedded.url).get('/readyz')).body).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
    expect((await new TestClient(embedded.url).get('/healthz')).status).toBe(200);
  });

  it('when bids are accepted and rejected, then /metrics counts them by reason, with latency, sockets, queue counts and process metrics', async () => {
    const db = scaled.database.db;
    const itemId = await createItem(db, { target_amount: 1000 });
    const bidder = await createCustomer(db);
    const rival = await createCustomer(db);
    const client = new TestClient(scaled.url, bidder.token);
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 2000 })).status).toBe(200);
    // Another bidder's (the leader's own would be refused as already leading).
    expect((await new TestClient(scaled.url, rival.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(422);
    expect((await client.post('/ajax-bid', { item_id: 999_999, amount: 1500 })).status).toBe(404);
    const res = await fetch(`${scaled.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'gavel_bids_accepted_total', { role: 'server' })).toBe(1);
    expect(sample(text, 'gavel_bids_rejected_total', { reason: 'too_low' })).toBe(1);
    expect(sample(text, 'gavel_bids_rejected_total', { reason: 'not_found' })).toBe(1);
    expect(sample(text, 'gavel_bid_duration_seconds_count', { outcome: 'accepted' })).toBe(1);
    expect(sample(text, 'gavel_bid_duration_seconds_count', { outcome: 'rejected' })).toBe(2);
    expect(sample(text, 'gavel_open_sockets')).toBe(0);
    // The accepted bid scheduled the item's close: one delayed job.
    expect(sample(text, 'gavel_queue_jobs', { queue: 'auction-close', state: 'delayed' })).toBe(1);
    expect(sample(text, 'gavel_queue_jobs', { queue: 'payment-verify', state: 'failed' })).toBe(0);
    expect(text).toContain('gavel_process_cpu_user_seconds_total');
    expect(text).toContain('# TYPE gavel_job_duration_seconds histogram');
  });
});
