import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from './database.js';

/**
 * `npm run db:migrate | db:seed | db:reset` against `DATABASE_URL` (or the embedded PGlite in
 * `DATA_DIR`). `reset` drops every table, migrates and seeds again. `--large <count>` (with seed
 * or reset) adds that many generated lots after the demo catalogue, for listing speed checks
 * (the load-testing figures use 100,000). Stop the server first when using the embedded
 * database (PGlite is single-process).
 */
async function main(command: string | undefined, large: number | null): Promise<void> {
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
      if (large) {
        const { seedLargeCatalogue } = await import('./seed/large-catalogue.js');
        const bar = await openProgressBar(large);
        const summary = await seedLargeCatalogue(handle.db, {
          count: large,
          batchSize: 5000,
          uploadsDir: path.join(config.dataDir, 'uploads'),
          log: console.log,
          onProgress: bar ? (inserted) => bar.update(inserted) : undefined,
        });
        bar?.stop();
        await sql`ANALYZE`.execute(handle.db);
        console.log('seeded a large catalogue', summary);
      }
    }
  } finally {
    await handle.close();
  }
}

/**
 * A terminal progress bar of `total` lots (cli-progress, a development dependency: this CLI is a
 * development tool). Null when the package is absent (an image with production dependencies
 * only) or the output is not a terminal: the seed then prints a line per batch.
 */
async function openProgressBar(total: number): Promise<{ update(n: number): void; stop(): void } | null> {
  if (!process.stdout.isTTY) return null;
  try {
    const { SingleBar, Presets } = await import('cli-progress');
    const bar = new SingleBar(
      { format: 'large catalogue [{bar}] {percentage}% | {value}/{total} lots | {eta_formatted} left', hideCursor: true },
      Presets.shades_classic,
    );
    bar.start(total, 0);
    return bar;
  } catch {
    return null;
  }
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { large: { type: 'string' } } });
const large = values.large === undefined ? null : Number(values.large);
if (large !== null && (!Number.isInteger(large) || large < 1)) {
  console.error('--large takes a whole number of lots, e.g. --large 100000');
  process.exit(2);
}
if (large !== null && positionals[0] !== 'seed' && positionals[0] !== 'reset') {
  console.error('--large goes with db:seed or db:reset');
  process.exit(2);
}
main(positionals[0], large).catch((err) => {
  console.error(err);
  process.exit(1);
});
