import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from './database.js';

/**
 * `npm run db:migrate | db:seed | db:reset` against `DATABASE_URL` (or the embedded PGlite in
 * `DATA_DIR`). `reset` drops every table, migrates and seeds again. Stop the server first when
 * using the embedded database (PGlite is single-process).
 */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (command === 'reset') {
      await sql`DROP SCHEMA public CASCADE`.execute(handle.db);
      await sql`CREATE SCHEMA public`.execute(handle.db);
    }
    await migrateToLatest(handle.db);
    console.log(`migrated (${handle.engine})`);
    if (command === 'seed' || command === 'reset') {
      const { isDatabaseSeeded, seedDatabase } = await import('./seed/seed.js');
      if (command === 'seed' && (await isDatabaseSeeded(handle.db))) {
        console.log('the database already holds items; use db:reset to start over');
      } else {
        const summary = await seedDatabase(handle.db, { uploadsDir: path.join(config.dataDir, 'uploads'), log: console.log });
        console.log('seeded', summary);
      }
    }
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).catch((err) => {
  console.error(err);
  process.exit(1);
});
