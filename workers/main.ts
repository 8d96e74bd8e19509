import { pino } from 'pino';
import { ConfigError, loadConfig } from '../server/config.js';
import { migrateToLatest, openDatabase } from '../server/db/database.js';
import { startInProcessScheduler } from '../server/jobs/in-process-scheduler.js';
import { RedisBus } from '../server/realtime/redis-bus.js';

/**
 * `npm run workers`: background work for a scale-out deployment (PostgreSQL + Redis). Today it
 * closes ended auctions and publishes `auction.closed` on the Redis bus, so every server
 * process tells its sockets. Stops on SIGTERM after the sweep in hand.
 * BullMQ queues (delayed close jobs, reservation release, payment re-verification) are issue 6.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: { role: 'worker' } });
  if (!config.DATABASE_URL || !config.REDIS_URL) {
    throw new ConfigError('Workers need DATABASE_URL and REDIS_URL (PGlite is single-process: the embedded server runs its jobs itself).');
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 5 });
  await migrateToLatest(database.db);
  const bus = new RedisBus(config.REDIS_URL, config.BUS_CHANNEL);
  await bus.whenReady();
  const stop = startInProcessScheduler({ db: database.db, bus, logger });
  logger.info('workers started');
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'workers stopping');
    await stop();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
