import { pino } from 'pino';
import { loadConfig } from '../../server/config.js';
import { startServer, type RunningServer } from '../../server/server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** A server on a free port over a fresh PostgreSQL database of its own. */
export interface TestServer extends RunningServer {
  testDb: TestDatabase;
  stop(): Promise<void>;
}

/** Starts Gavel on port 0 against a new test database (not seeded unless `seed`). */
export async function startTestServer(opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: testDb.url,
    DATA_DIR: `/tmp/gavel-test-${process.pid}`,
    CSRF_SECRET: 'test-secret-test-secret-test-secret',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    AUTH_ACCOUNT_RATE_LIMIT: '1000',
    // Real human verification at a low difficulty: tests solve challenges (helpers/captcha.ts).
    ALTCHA_COST: '1',
    ALTCHA_COUNTER_MAX: '40',
    SEED: 'never',
    ...opts.env,
  });
  const server = await startServer(config, { logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), seed: opts.seed ?? false });
  return {
    ...server,
    testDb,
    stop: async () => {
      await server.close();
      await testDb.drop();
    },
  };
}
