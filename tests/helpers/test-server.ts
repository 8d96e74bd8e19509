import { pino } from 'pino';
import { loadConfig } from '../../server/config.js';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { startServer, type RunningServer } from '../../server/server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * Where a test server keeps its data: `postgres`, a fresh PostgreSQL database of its own; or
 * `pglite`, the embedded default every `npm start` runs (in-memory PGlite, in-process bus and
 * scheduler).
 */
export type TestEngine = 'postgres' | 'pglite';

/** Both engines, for `describe.each` over the paths users take. */
export const TEST_ENGINES: TestEngine[] = ['postgres', 'pglite'];

/** A server on a free port over a fresh database of its own. */
export interface TestServer extends RunningServer {
  testDb: TestDatabase;
  engine: TestEngine;
  stop(): Promise<void>;
}

/**
 * Starts Gavel on port 0 against a new test database (not seeded unless `seed`). Without
 * `REDIS_URL` in `env`, events and jobs run in-process, as in the embedded default.
 */
export async function startTestServer(opts: { seed?: boolean; env?: Record<string, string>; engine?: TestEngine } = {}): Promise<TestServer> {
  const engine = opts.engine ?? 'postgres';
  const testDb = engine === 'postgres' ? await createTestDatabase() : await createEmbeddedTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    ...(engine === 'postgres' ? { DATABASE_URL: testDb.url } : {}),
    DATA_DIR: `/tmp/gavel-test-${process.pid}`,
    CSRF_SECRET: 'test-secret-test-secret-test-secret',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_ACCOUNT_RATE_LIMIT: '1000',
    // Tests bid, check out and sign up far faster than people do; the limits' own tests lower these.
    BID_RATE_PER_SECOND: '0',
    CHECKOUT_RATE_LIMIT: '100000',
    OPEN_ORDERS_PER_BUYER: '100000',
    OPEN_ORDERS_PER_ADDRESS: '100000',
    FORM_RATE_LIMIT_PER_HOUR: '100000',
    // Real human verification at a low difficulty: tests solve challenges (helpers/captcha.ts).
    ALTCHA_COST: '1',
    ALTCHA_COUNTER_MAX: '40',
    SEED: 'never',
    ...opts.env,
  });
  const server = await startServer(config, {
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    seed: opts.seed ?? false,
    database: engine === 'pglite' ? testDb : undefined,
  });
  return {
    ...server,
    testDb,
    engine,
    stop: async () => {
      await server.close();
      await testDb.drop();
    },
  };
}

/** An in-memory PGlite, migrated; `drop()` closes it (nothing stays on disk). */
async function createEmbeddedTestDatabase(): Promise<TestDatabase> {
  const handle = await openDatabase({ memory: true });
  await migrateToLatest(handle.db);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return { ...handle, close, url: 'pglite:memory', drop: close };
}
