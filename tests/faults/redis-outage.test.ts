import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../helpers/factories.js';
import { startPrivateRedis, type PrivateRedis } from '../helpers/private-services.js';
import { startServerProcess, testProcessEnv, type ChildGavel } from '../helpers/processes.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const tag = `gavel-test-${randomBytes(4).toString('hex')}`;
let redis: PrivateRedis;
let testDb: TestDatabase;
let server: ChildGavel & { match: RegExpMatchArray; url: string };
let url: string;
let dataDir: string;

beforeAll(async () => {
  [redis, testDb] = await Promise.all([startPrivateRedis(), createTestDatabase()]);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-faults-'));
  server = await startServerProcess(testProcessEnv({ DATABASE_URL: testDb.url, REDIS_URL: redis.url, BUS_CHANNEL: tag, QUEUE_PREFIX: tag, DATA_DIR: dataDir }));
  url = server.url;
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await redis?.destroy();
  await testDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const alive = () => server.child.exitCode === null && server.child.signalCode === null;

/** Status of `GET pathname` (0 when the connection failed). */
async function status(pathname: string, init: RequestInit = {}): Promise<number> {
  try {
    const res = await fetch(`${url}${pathname}`, { ...init, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The lines of the server's output, from line `from` on, that speak of Redis or a refused connection. */
function redisLines(from: number): string[] {
  return server
    .output()
    .split('\n')
    .slice(from)
    .filter((line) => /redis|ECONNREFUSED|Connection is closed/i.test(line));
}

describe('the server through a Redis outage', () => {
  it('when Redis is stopped for a few seconds, then the server logs the outage once and its end once, keeps answering, and uses Redis again when it is back', async () => {
    expect(await status('/readyz')).toBe(200);
    const from = server.output().split('\n').length - 1;

    await redis.stop();
    const downAt = Date.now();
    // A few seconds of outage: ioredis retries every connection many times meanwhile.
    await expect.poll(() => status('/readyz'), { timeout: 30_000, interval: 200 }).toBe(503);
    while (Date.now() - downAt < 4000) {
      expect(await status('/ajax-items')).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(alive(), `the server died:\n${server.output()}`).toBe(true);

    await redis.start();
    await expect.poll(() => status('/readyz'), { timeout: 30_000, interval: 200 }).toBe(200);
    // The end of the outage is logged once every connection is back (waited for, then checked below).
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && !redisLines(from).some((l) => l.includes('Redis reachable again'));) {
      await new Promise((r) => setTimeout(r, 200));
    }

    // A bid goes through Redis again (its event is published on the bus).
    const bidder = await createCustomer(testDb.db);
    const itemId = await createItem(testDb.db, { target_amount: 1000 });
    const bid = await fetch(`${url}/ajax-bid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bidder.token}` },
      body: JSON.stringify({ item_id: itemId, amount: 1500 }),
      signal: AbortSignal.timeout(30_000),
    });
    expect(bid.status).toBe(200);

    const lines = redisLines(from);
    console.info(
      `redis outage of ${Date.now() - downAt} ms: ${lines.length} lines about Redis in the server's output:\n${lines.map((l) => l.slice(0, 240)).join('\n')}`,
    );
    expect(lines.filter((l) => l.includes('Redis unreachable'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('Redis reachable again'))).toHaveLength(1);
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(4);
    expect(alive(), `the server died:\n${server.output()}`).toBe(true);
  }, 120_000);
});
