import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { startGavelProcess, type ChildGavel } from '../../helpers/processes.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.js';

let testDb: TestDatabase;
let child: (ChildGavel & { match: RegExpMatchArray }) | undefined;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await child?.stop('SIGKILL');
  await testDb?.drop();
});

/** One bid over a kept-alive connection; answers the status and body, or the connection error. */
function bid(agent: http.Agent, port: number, token: string, body: object): Promise<{ status: number; body: Record<string, unknown> } | { error: string }> {
  return new Promise((resolve) => {
    const text = JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/ajax-bid',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let data = '';
        res.on('data', (c: Buffer) => (data += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data ? (JSON.parse(data) as Record<string, unknown>) : {} }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: err.message }));
    req.end(text);
  });
}

describe('graceful shutdown under load', () => {
  it('when SIGTERM arrives while keep-alive clients keep bidding, then the process stops taking bids, answers what it holds, and exits within its deadline; every acknowledged bid is stored', async () => {
    const tag = `gavel-test-${randomBytes(4).toString('hex')}`;
    child = await startGavelProcess(
      'server/main.ts',
      {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: testDb.url,
        DATA_DIR: `/tmp/${tag}`,
        CSRF_SECRET: 'x'.repeat(32),
        SEED: 'never',
        LOG_LEVEL: 'warn',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      /Gavel is running at http:\/\/localhost:(\d+)/,
    );
    const port = Number(child.match[1]);
    const itemId = await createItem(testDb.db, { target_amount: 1000, date_to: new Date(Date.now() + 3600_000) });
    const bidders = await Promise.all(Array.from({ length: 4 }, () => createCustomer(testDb.db)));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

    const acknowledged: number[] = [];
    const afterSignal: string[] = [];
    let signalled = false;
    let next = 1001;
    const loops = bidders.map(async (b) => {
      // Each bidder keeps its connection busy until the server stops answering.
      for (let i = 0; i < 10_000; i++) {
        const amount = next++;
        const answer = await bid(agent, port, b.token, { item_id: itemId, amount });
        if ('error' in answer) {
          if (signalled) afterSignal.push('connection closed');
          return;
        }
        if (answer.status === 200) acknowledged.push(amount);
        if (signalled) afterSignal.push(String(answer.status));
        if (signalled && answer.status === 503) return;
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    const started = Date.now();
    signalled = true;
    child.child.kill('SIGTERM');
    const code = await child.exited;
    const tookMs = Date.now() - started;
    await Promise.all(loops);
    agent.destroy();

    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(5000 + 5000); // its deadline, plus the rest of its shutdown
    expect(acknowledged.length).toBeGreaterThan(0);
    // Every bidder was told to go: a 503 (try elsewhere) or its connection closed, never left hanging.
    expect(afterSignal.filter((a) => a === '503' || a === 'connection closed').length).toBe(bidders.length);
    const stored = await testDb.db.selectFrom('bids').select('bid_amount').where('item_id', '=', itemId).execute();
    const storedAmounts = new Set(stored.map((r) => Number(r.bid_amount)));
    expect(acknowledged.filter((a) => !storedAmounts.has(a))).toEqual([]);
  }, 60_000);
});
