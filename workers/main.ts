import { Redis } from 'ioredis';
import { pino } from 'pino';
import { ConfigError, loadConfig, masterSecret, smsSettingsOf, vapidKeysOf } from '../server/config.js';
import { createPushSender, generatePushKeys } from '../server/notifications/push-sender.js';
import { createSmsSender } from '../server/notifications/sms-sender.js';
import { createMailSender } from '../server/notifications/notification-delivery.js';
import { unsubscribeSecret } from '../server/notifications/unsubscribe-token.js';
import { migrateToLatest, openDatabase } from '../server/db/database.js';
import { RedisBus } from '../server/realtime/redis-bus.js';
import { createRedisOutageLog } from '../server/ops/redis-outages.js';
import { startWorkers } from './run-workers.js';
import { startEventSpine } from '../server/events/event-spine.js';
import { rebuildBidEvents } from '../server/bids/bids.service.js';
import { createDpoSetup } from '../server/dpo/dpo-setup.js';
import { createOrderPaymentReverifier } from '../server/payments/order-payment-reverifier.js';

/**
 * `npm run workers`: the BullMQ workers of a scale-out deployment (needs DATABASE_URL and
 * REDIS_URL; several worker processes may run). Closes auctions at `date_to`, releases expired
 * cash reservations, re-verifies DPO payments, runs the safety-net sweep, and publishes domain
 * events on the Redis bus so every server process tells its sockets. On SIGTERM/SIGINT it
 * finishes the jobs in hand, takes no new one, and exits 0.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: { role: 'worker' } });
  if (!config.DATABASE_URL || !config.REDIS_URL) {
    throw new ConfigError('Workers need DATABASE_URL and REDIS_URL (PGlite is single-process: the embedded server runs its jobs itself).');
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: config.WORKER_CONCURRENCY * 2 + 2, logger });
  await migrateToLatest(database.db);
  // Every connection is watched from its creation: a Redis outage is logged once, not per retry.
  const outages = createRedisOutageLog(logger);
  const bus = new RedisBus(config.REDIS_URL, config.BUS_CHANNEL);
  bus.connections().forEach((c, i) => outages.watch(c, i === 0 ? 'bus.pub' : 'bus.sub'));
  await bus.whenReady();
  // Workers block on Redis: no per-request retry limit (BullMQ), RESP2 (STACK-NOTES).
  const redis = outages.watch(new Redis(config.REDIS_URL, { protocol: 2, maxRetriesPerRequest: null }), 'workers');
  // Commands of the jobs, their events published after the commit, and a relay for any event a
  // crashed process left unpublished.
  const spine = startEventSpine({ db: database.db, bus, logger, config, rebuildBidEvents });
  const running = await startWorkers({
    db: database.db,
    runner: spine.runner,
    logger,
    redis,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    sweepSeconds: config.JOB_SWEEP_SECONDS,
    // DPO Pay itself, or (DPO_API_URL unset) the simulator served by the app at APP_URL.
    reverifyPayment: createOrderPaymentReverifier({
      db: database.db,
      dpo: createDpoSetup(config, () => config.APP_URL ?? 'http://127.0.0.1:3000').client,
      runner: spine.runner,
      logger,
    }),
    metricsPort: config.WORKER_METRICS_PORT,
    notifications: {
      mail: createMailSender(config.SMTP_URL, config.MAIL_FROM),
      sms: createSmsSender(smsSettingsOf(config)),
      push: createPushSender(vapidKeysOf(config, generatePushKeys), config.VAPID_SUBJECT),
      appUrl: () => config.APP_URL ?? 'http://127.0.0.1:3000',
      secret: unsubscribeSecret(masterSecret(config)),
      intervalMs: Math.max(config.NOTIFY_INTERVAL_MS, 250),
      graceMs: config.NOTIFY_GRACE_MS,
    },
  });
  logger.info({ prefix: config.QUEUE_PREFIX, metrics: running.metricsUrl }, 'workers started');
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'workers stopping: finishing the jobs in hand');
    await running.close();
    await spine.close();
    await redis.quit();
    await bus.close();
    await database.close();
    logger.info('workers stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
