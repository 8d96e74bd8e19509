import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { InProcessBus, type EventBus } from './realtime/bus.js';
import { startAdvertClock } from './adverts/advert-clock.js';
import { startInProcessScheduler } from './jobs/in-process-scheduler.js';
import { createRealtime, type GavelIo } from './realtime/io.js';
import { RedisBus } from './realtime/redis-bus.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A running Gavel server process. */
export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  bus: EventBus;
  io: GavelIo;
  logger: Logger;
  close(): Promise<void>;
}

/**
 * The secret that signs anti-forgery tokens: `CSRF_SECRET`, else one kept in `DATA_DIR`
 * (created once), so tokens survive a restart.
 */
function csrfSecret(config: Config): string {
  if (config.CSRF_SECRET) return config.CSRF_SECRET;
  const file = path.join(config.dataDir, 'csrf-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Composition root: opens the database (PostgreSQL when `DATABASE_URL`, else PGlite in
 * `DATA_DIR`), migrates, seeds an empty database (unless `SEED=never`), starts HTTP and
 * Socket.IO on `PORT` (0 picks a free port) and returns handles and `close()`.
 */
export async function startServer(config: Config, opts: { logger?: Logger; seed?: boolean } = {}): Promise<RunningServer> {
  const logger = opts.logger ?? pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  if (opts.seed ?? config.SEED === 'auto') {
    const { isDatabaseSeeded, seedDatabase } = await import('./db/seed/seed.js');
    if (!(await isDatabaseSeeded(database.db))) {
      const started = Date.now();
      const summary = await seedDatabase(database.db, { uploadsDir: path.join(config.dataDir, 'uploads'), log: (m: string) => logger.info(m) });
      logger.info({ summary, ms: Date.now() - started }, 'seeded an empty database');
    }
  }
  let bus: EventBus;
  if (config.REDIS_URL) {
    const redisBus = new RedisBus(config.REDIS_URL, config.BUS_CHANNEL);
    await redisBus.whenReady();
    bus = redisBus;
  } else {
    bus = new InProcessBus();
  }
  const app = createApp({
    config,
    db: database.db,
    bus,
    logger,
    clientDir: path.join(rootDir, 'client', 'dist'),
    csrfSecret: csrfSecret(config),
    captcha: async () => {}, // MERGE: issue 3's captcha verifier
  });
  const httpServer = http.createServer(app);
  // Every server process sweeps for ended auctions; closing is idempotent and row-locked, so
  // several processes sweeping at once close each auction exactly once.
  const stopScheduler = startInProcessScheduler({ db: database.db, bus, logger });
  const io = createRealtime({ httpServer, db: database.db, bus, logger });
  const stopAdvertClock = startAdvertClock({ db: database.db, bus, io, logger });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url, engine: database.engine, bus: config.REDIS_URL ? 'redis' : 'in-process' }, 'Gavel is listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      stopAdvertClock();
      await stopScheduler();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      httpServer.closeAllConnections();
      await bus.close();
      await database.close();
    })());
  return { url, port, database, bus, io, logger, close };
}
