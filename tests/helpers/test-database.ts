import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.js';

/** The PostgreSQL server tests use: `DATABASE_URL`, else the local service (trust auth). */
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh, migrated PostgreSQL database of its own for one test file; `drop()` removes it. */
export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop(): Promise<void>;
}

/** Creates `gavel_test_<random>` on the test server, migrates it and opens it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `gavel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      // Backends of the closed pools may still be exiting: wait for them rather than kill them.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 20 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}
