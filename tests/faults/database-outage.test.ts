import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/http/app-error.js';
import { errorAnswer } from '../../server/http/error-handler.js';
import { createCustomer, createItem } from '../helpers/factories.js';
import { freePort, startPrivatePostgres, type PrivatePostgres } from '../helpers/private-services.js';
import { startGavelProcess, type ChildGavel } from '../helpers/processes.js';

let postgres: PrivatePostgres;
let server: ChildGavel;
let url: string;
let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-faults-'));
  server = await startGavelProcess(
    'server/main.ts',
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      CSRF_SECRET: 'x'.repeat(32),
      SEED: 'never',
      LOG_LEVEL: 'info',
    },
    /Gavel is running at http:\/\/localhost:(\d+)/,
    90_000,
  );
  url = `http://127.0.0.1:${(server as ChildGavel & { match: RegExpMatchArray }).match[1]}`;
  // The server migrated the database; the test writes its own customers and lots into it.
  database = await openDatabase({ databaseUrl: postgres.url, poolSize: 4, logger: { warn: () => undefined } });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.close().catch(() => undefined);
  await postgres?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One HTTP answer: status, `Retry-After`, parsed body; status 0 when the connection failed. */
interface Answer {
  status: number;
  retryAfter: string | null;
  body: { success?: boolean; code?: string; message?: string; bid?: { id: number } } | null;
}

async function call(method: 'GET' | 'POST', pathname: string, token?: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, retryAfter: null, body: null };
  }
}

/**
 * Two bidders taking turns on their own lot: every attempt bids 10 more than the last, so no
 * attempt is ever too low, and the turn passes only after an accepted bid, so the lot's leader
 * never bids again (that is refused as already leading).
 */
function bidder(tokens: [string, string], itemId: number) {
  let amount = 1000;
  let turn = 0;
  return async () => {
    amount += 10;
    const answer = await call('POST', '/ajax-bid', tokens[turn], { item_id: itemId, amount });
    if (answer.status === 200) turn = 1 - turn;
    return { answer, itemId, amount };
  };
}

const alive = () => server.child.exitCode === null && server.child.signalCode === null;

describe('what a lost or refused database connection answers', () => {
  it('when a connection in a transaction is terminated, then the process survives and the transaction fails as 503 service_unavailable', async () => {
    const lost: string[] = [];
    const other = await openDatabase({ databaseUrl: postgres.url, poolSize: 1, logger: { warn: (fields) => lost.push(String(fields.code)) } });
    try {
      const failure = await other.db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          // Between two statements the connection is checked out and idle: the admin shutdown arrives as an 'error' event.
          await sql`SELECT pg_terminate_backend(${rows[0].pid})`.execute(database.db);
          await expect.poll(() => lost, { timeout: 10_000 }).toEqual(['57P01']);
          await sql`SELECT 1`.execute(trx);
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(errorAnswer(failure)).toMatchObject({ status: 503, body: { code: 'service_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE }, log: false });
      // The pool dropped the dead connection: the next query opens a new one.
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(other.db)).rows).toEqual([{ one: 1 }]);
      expect(lost).toEqual(['57P01']);
    } finally {
      await other.close();
    }
  });

  it('when no pooled connection frees up in time, or nothing listens on the port, then 503; a constraint violation stays a 500', async () => {
    const one = await openDatabase({ databaseUrl: postgres.url, poolSize: 1, connectTimeoutMs: 300 });
    try {
      let release!: () => void;
      const held = one.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await new Promise<void>((r) => (release = r));
      });
      await expect.poll(() => release !== undefined).toBe(true);
      const started = Date.now();
      const timedOut = await sql`SELECT 1`.execute(one.db).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expect(errorAnswer(timedOut)).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
      release();
      await held;
    } finally {
      await one.close();
    }

    const nowhere = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/gavel`, poolSize: 1 });
    const refused = await sql`SELECT 1`.execute(nowhere.db).then(
      () => undefined,
      (err: unknown) => err,
    );
    await nowhere.close();
    expect(errorAnswer(refused)).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });

    const customer = await createCustomer(database.db);
    const duplicate = await createCustomer(database.db, { email: customer.email }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect((duplicate as { code?: string }).code).toBe('23505');
    expect(errorAnswer(duplicate)).toMatchObject({ status: 500, body: { code: 'internal' } });
  });
});

describe('the server through a PostgreSQL restart and outage', () => {
  it('when PostgreSQL restarts while bids are placed, then the server keeps running; while it is down, bids and reads answer 503 with Retry-After; when it is back, bidding resumes and every acknowledged bid is stored', async () => {
    const bidders = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const [first, second] = await Promise.all([createCustomer(database.db), createCustomer(database.db)]);
        const itemId = await createItem(database.db, { target_amount: 1000 });
        return bidder([first.token, second.token], itemId);
      }),
    );
    const acknowledged: { id: number; item_id: number; bid_amount: number }[] = [];
    const statuses: number[] = [];
    const refusedAt: number[] = [];
    let bidding = true;
    const loops = bidders.map(async (bid) => {
      while (bidding) {
        const { answer, itemId, amount } = await bid();
        statuses.push(answer.status);
        if (answer.status === 503) refusedAt.push(Date.now());
        if (answer.status === 200 && answer.body?.success && answer.body.bid)
          acknowledged.push({ id: answer.body.bid.id, item_id: itemId, bid_amount: amount });
        else await new Promise((r) => setTimeout(r, 50));
        if (!alive()) return;
      }
    });
    try {
      // Bids flow, then PostgreSQL restarts under them (every session ended, mid-transaction too).
      await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(20);
      await postgres.restart();
      const afterRestart = acknowledged.length;
      // Stops early when the server died (the assertion below shows its output).
      await expect.poll(() => !alive() || acknowledged.length >= afterRestart + 20, { timeout: 30_000, interval: 100 }).toBe(true);
    } finally {
      bidding = false;
      await Promise.all(loops);
    }
    expect(alive(), `the server died:\n${server.output()}`).toBe(true);
    // Failed attempts during the restart answer 503 (never a 500, never a dropped connection).
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    // PostgreSQL stopped: a bid and a read answer 503, soon, with Retry-After and a clear message.
    await postgres.stop();
    const downAt = Date.now();
    const bid = bidders[0];
    const refused = await bid();
    expect(refused.answer).toMatchObject({ status: 503, retryAfter: '5', body: { code: 'service_unavailable', message: expect.stringMatching(/database/i) } });
    const read = await call('GET', '/ajax-items');
    expect(read).toMatchObject({ status: 503, retryAfter: '5', body: { code: 'service_unavailable' } });
    const answeredWithin = Date.now() - downAt;
    expect(answeredWithin).toBeLessThan(15_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await call('GET', '/ajax-items')).status).toBe(503);
    expect(alive(), `the server died:\n${server.output()}`).toBe(true);

    // PostgreSQL back: bidding resumes by itself.
    const startAt = Date.now();
    await postgres.start();
    const upAt = Date.now();
    let resumed: Awaited<ReturnType<typeof bid>> | undefined;
    await expect
      .poll(
        async () => {
          const attempt = await bid();
          if (attempt.answer.status === 200) resumed = attempt;
          return attempt.answer.status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(200);
    acknowledged.push({ id: resumed!.answer.body!.bid!.id, item_id: resumed!.itemId, bid_amount: resumed!.amount });
    expect((await call('GET', '/ajax-items')).status).toBe(200);
    console.info(
      `database outage: ${acknowledged.length} bids acknowledged, ${statuses.filter((s) => s === 503).length} answered 503 during the restart ` +
        `(over ${refusedAt.length ? Math.max(...refusedAt) - Math.min(...refusedAt) : 0} ms); ` +
        `503 within ${answeredWithin} ms of the stop; PostgreSQL took ${upAt - startAt} ms to start, the first bid after it was accepted ${Date.now() - upAt} ms later ` +
        `(503s for ${Date.now() - downAt} ms in all); ` +
        `${
          server
            .output()
            .split('\n')
            .filter((l) => l.includes('database connection lost')).length
        } connection-lost log lines`,
    );

    // Every acknowledged bid is stored, as acknowledged.
    const stored = await database.db
      .selectFrom('bids')
      .select(['id', 'item_id', 'bid_amount'])
      .where(
        'id',
        'in',
        acknowledged.map((b) => b.id),
      )
      .orderBy('id')
      .execute();
    expect(stored).toEqual([...acknowledged].sort((a, b) => a.id - b.id));
    expect(alive(), `the server died:\n${server.output()}`).toBe(true);
  }, 150_000);
});
