import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './prepared-statements.js';
import type { Database } from './types.js';

const INT8 = 20;
const NUMERIC = 1700;
// ids (bigserial) and counts fit a JS number; MWK amounts are numeric(14,2), exact as a double.
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/** An open database: the Kysely handle, which engine it is and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** Where the database layer reports a lost connection: a pino logger, or anything with its `warn(fields, message)`. */
export interface DatabaseLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/**
 * How long a query waits for a pooled connection (a new one, or one freed by another query)
 * before it fails: while PostgreSQL is down or saturated, requests answer 503 in seconds
 * instead of hanging. In ms.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5000;

/**
 * Opens PostgreSQL when `databaseUrl` is given, otherwise PGlite stored in `dataDir/pglite`
 * (PGlite is single-process: never open one data directory from two processes).
 * `memory: true` opens an in-memory PGlite (tests of the embedded path).
 *
 * PostgreSQL: a `pg` pool of `poolSize` (default 20) connections; a query waits at most
 * `connectTimeoutMs` (default {@link DATABASE_CONNECT_TIMEOUT_MS}) for a connection, then fails
 * with 'timeout exceeded when trying to connect'. Every pooled connection carries an `error`
 * listener from the moment it connects, idle or checked out (a Kysely transaction between two
 * statements), so a PostgreSQL restart or admin shutdown never crashes the process: the query in
 * flight fails with the driver's error (answered 503, see `isDatabaseUnavailableError`), the
 * pool drops the connection and the next query opens a new one. Each lost connection is logged
 * once, through `logger` (default `console.warn`). Part of the fault hardening of the database
 * layer.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  memory?: boolean;
  logger?: DatabaseLogger;
  connectTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const logger: DatabaseLogger = opts.logger ?? { warn: (fields, message) => console.warn(`${message}: ${String(fields.message)}`) };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      // Statements marked with `prepared()` are parsed and planned once per connection.
      Client: PreparingClient,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? DATABASE_CONNECT_TIMEOUT_MS,
    });
    pool.on('connect', (client) => {
      // A dying connection may emit several errors (the admin shutdown, then the closed socket):
      // the first is logged.
      let logged = false;
      client.on('error', (err: Error & { code?: string }) => {
        if (logged) return;
        logged = true;
        logger.warn({ message: err.message, code: err.code }, 'database connection lost');
      });
    });
    // The pool re-emits an idle connection's error here; its own listener above logged it.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  // Kysely's own PGlite dialect comes with Kysely 0.29, which needs Node 22: while Node 20.19 is
  // supported (package.json engines) the separate dialect package serves.
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.join(opts.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    parsers: { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/** `server/db/migrations`: one file per migration (`up`, `down`), applied in name order. */
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Brings the schema to the latest migration.
 * @throws the first migration error (the schema is left at the last successful migration).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely's own provider: imports every .ts/.js file of the folder (tsx runs them from disk), keyed by name.
  // Work on several issues lands at once under earlier timestamps than migrations already applied
  // elsewhere: a database that ran a later one still takes an earlier newcomer (unordered is allowed).
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs: fs.promises, path, migrationFolder: migrationsDir }),
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Round trip to the database (`SELECT 1`): readiness checks. @throws the driver's error when it can't answer. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
