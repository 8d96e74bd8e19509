import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../server/db/database.js';
import { createTestDatabase } from '../../helpers/test-database.js';

const migrationsDir = path.resolve(import.meta.dirname, '../../../server/db/migrations');
const fileNames = fs
  .readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe.each(['postgres', 'pglite'] as const)("migrations through Kysely's FileMigrationProvider (%s)", (engine) => {
  it('when a database is migrated, then every file of server/db/migrations is applied once, under its file name, and a second run changes nothing', async () => {
    const testDb = engine === 'postgres' ? await createTestDatabase() : null;
    const handle: DatabaseHandle = testDb ?? (await openDatabase({ memory: true }));
    try {
      await migrateToLatest(handle.db);
      await migrateToLatest(handle.db);
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handle.db);
      expect(rows.map((r) => r.name)).toEqual(fileNames);
      const { rows: tables } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('items', 'bids', 'domain_events')`.execute(handle.db);
      expect(tables[0]!.n).toBe(3);
    } finally {
      if (testDb) await testDb.drop();
      else await handle.close();
    }
  });
});
