import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { requestIdMixin } from './http/request-context.js';
import { pino, type Logger } from 'pino';
import { openQueues, queueList } from './jobs/queues.js';
import { createApp } from './app.js';
import { createHttpDrain } from './http/http-drain.js';
import { createDpoSetup, type DpoSetup } from './dpo/dpo-setup.js';
import { masterSecret, smsSettingsOf, vapidKeysOf, type Config } from './config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { InProcessBus, type EventBus } from './realtime/bus.js';
import { BullmqJobScheduler } from './jobs/bullmq-job-scheduler.js';
import type { CommandRunner } from './events/command-runner.js';
import type { EventRelay } from './events/event-relay.js';
import { startEventSpine } from './events/event-spine.js';
import { rebuildBidEvents } from './bids/bids.service.js';
import { createMailSender } from './notifications/notification-delivery.js';
import { runNotifications, startNotifierLoop, type NotifierDeps, type NotifierRun } from './notifications/notifier.js';
import { createPushSender, generatePushKeys } from './notifications/push-sender.js';
import { createSmsSender } from './notifications/sms-sender.js';
import { unsubscribeSecret } from './notifications/unsubscribe-token.js';
import { createJobReactions } from './jobs/job-reactions.js';
import { startInProcessScheduler } from './jobs/in-process-scheduler.js';
import { createOrderPaymentReverifier } from './payments/order-payment-reverifier.js';
import type { JobScheduler } from './jobs/job-scheduler.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { createRealtime, type GavelIo } from './realtime/io.js';
import { CredentialSockets } from './realtime/credential-sockets.js';
import { allowedOriginsOf } from './http/cross-site.js';
import { RedisBus } from './realtime/redis-bus.js';
import { createRedisOutageLog } from './ops/redis-outages.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A running Gavel server process. */
export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  bus: EventBus;
  /** Runs every command of this process and publishes its events after the commit. */
  runner: CommandRunner;
  /** Publishes events a crash left unpublished. */
  relay: EventRelay;
  io: GavelIo;
  logger: Logger;
  jobs: JobScheduler;
  metrics: Metrics;
  /** DPO Pay client (for `reverifyPayment`) and, without `DPO_API_URL`, the local simulator. */
  dpo: DpoSetup;
  /** One notification run now (produce, then deliver), as the schedule would (issue 16). */
  notify(): Promise<NotifierRun>;
  close(): Promise<void>;
}

/**
 * Composition root: opens the database (PostgreSQL when `DATABASE_URL`, else PGlite in
 * `DATA_DIR`), migrates, seeds an empty database (unless `SEED=never`), starts HTTP and
 * Socket.IO on `PORT` (0 picks a free port) and returns handles and `close()`. `opts.database`:
 * an already open database to use instead (tests of the embedded path pass an in-memory PGlite);
 * `close()` closes it too.
 */
export async function startServer(config: Config, opts: { logger?: Logger; seed?: boolean; database?: DatabaseHandle } = {}): Promise<RunningServer> {
  const logger = opts.logger ?? pino({ level: config.LOG_LEVEL, mixin: requestIdMixin });
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, logger }));
  await migrateToLatest(database.db);
  if (opts.seed ?? config.SEED === 'auto') {
    const { isDatabaseSeeded, seedDatabase } = await import('./db/seed/seed.js');
    if (!(await isDatabaseSeeded(database.db))) {
      const started = Date.now();
      const summary = await seedDatabase(database.db, { uploadsDir: path.join(config.dataDir, 'uploads'), log: (m: string) => logger.info(m) });
      logger.info({ summary, ms: Date.now() - started }, 'seeded an empty database');
    }
  }
  // The simulator's API is this server itself: its address is known once listening.
  let selfUrl = `http://127.0.0.1:${config.PORT}`;
  const dpo = createDpoSetup(config, () => selfUrl);
  if (dpo.simulator && config.NODE_ENV === 'production') logger.warn('DPO_API_URL is unset: payments go to the local DPO Pay simulator');
  const metrics = createMetrics('server');
  let scale: { redis: Redis; adapterRedis: Redis; queues: ReturnType<typeof openQueues> } | null = null;
  let bus: EventBus;
  if (config.REDIS_URL) {
    // Every connection is watched from its creation: a Redis outage is logged once, not per retry.
    const outages = createRedisOutageLog(logger);
    const redisBus = new RedisBus(config.REDIS_URL, config.BUS_CHANNEL);
    redisBus.connections().forEach((c, i) => outages.watch(c, i === 0 ? 'bus.pub' : 'bus.sub'));
    await redisBus.whenReady();
    bus = redisBus;
    // RESP2 for everything on Redis (STACK-NOTES: ioredis 6 defaults to RESP3).
    const redis = outages.watch(new Redis(config.REDIS_URL, { protocol: 2 }), 'shared');
    const adapterRedis = outages.watch(new Redis(config.REDIS_URL, { protocol: 2 }), 'socket.io');
    const queues = openQueues(redis, config.QUEUE_PREFIX, logger);
    scale = { redis, adapterRedis, queues };
    metrics.trackQueues(queueList(queues));
  } else {
    bus = new InProcessBus();
  }
  const spine = startEventSpine({ db: database.db, bus, logger, config, rebuildBidEvents });
  const { runner } = spine;
  const jobs: JobScheduler = scale
    ? // Servers only enqueue; `npm run workers` processes the jobs, including the sweep.
      new BullmqJobScheduler(scale.queues, logger)
    : // Embedded: this process runs the job handlers itself (PGlite is single-process).
      startInProcessScheduler({
        db: database.db,
        runner,
        logger,
        metrics,
        reverifyPayment: createOrderPaymentReverifier({ db: database.db, dpo: dpo.client, runner, logger }),
      });
  runner.addAfterCommit(createJobReactions(jobs, logger));
  const secret = masterSecret(config);
  const notifierDeps: NotifierDeps = {
    db: database.db,
    runner,
    logger,
    mail: createMailSender(config.SMTP_URL, config.MAIL_FROM),
    sms: createSmsSender(smsSettingsOf(config)),
    push: createPushSender(vapidKeysOf(config, generatePushKeys), config.VAPID_SUBJECT),
    appUrl: () => config.APP_URL ?? selfUrl,
    secret: unsubscribeSecret(secret),
    graceMs: config.NOTIFY_GRACE_MS,
  };
  // Embedded: this process tells users of what happened; scale-out: the workers do (queue `notifications`).
  const notifierLoop = !scale && config.NOTIFY_INTERVAL_MS > 0 ? startNotifierLoop(notifierDeps, config.NOTIFY_INTERVAL_MS) : null;
  const credentialSockets = new CredentialSockets();
  const app = createApp({
    config,
    credentialSockets,
    dpo,
    db: database.db,
    bus,
    runner,
    logger,
    clientDir: path.join(rootDir, 'client', 'dist'),
    csrfSecret: secret,
    mail: notifierDeps.mail,
    appUrl: notifierDeps.appUrl,
    pushPublicKey: notifierDeps.push?.publicKey,
    jobs: jobs,
    metrics,
    queues: scale ? queueList(scale.queues) : null,
    // Shared by /readyz, the captcha replay store and the auth rate-limit counters.
    redis: scale?.redis,
  });
  const drain = createHttpDrain(app);
  const httpServer = http.createServer(drain.listener);
  const io = createRealtime({
    httpServer,
    db: database.db,
    bus,
    logger,
    scaleOut: scale ? { redis: scale.adapterRedis, streamName: `${config.BUS_CHANNEL}:socket.io` } : undefined,
    allowedOrigins: allowedOriginsOf(config),
    credentialSockets,
    runner,
    writeWindowMs: config.SOCKET_WRITE_WINDOW_MS,
  });
  metrics.trackSockets(() => io.engine.clientsCount);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://127.0.0.1:${port}`;
  selfUrl = ['0.0.0.0', '::', ''].includes(config.HOST) ? url : `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  logger.info({ url, engine: database.engine, bus: config.REDIS_URL ? 'redis' : 'in-process', jobs: jobs.mode }, 'Gavel is listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Stop taking requests and finish those in hand (keep-alive clients are told to go), hand
      // this process's sockets over (they reconnect to another process), then stop the rest.
      await drain.drain(httpServer, config.SHUTDOWN_TIMEOUT_MS);
      io.local.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await jobs.close();
      await notifierLoop?.close();
      await spine.close();
      if (scale) {
        await scale.queues.close();
        await Promise.allSettled([scale.redis.quit(), scale.adapterRedis.quit()]);
      }
      await bus.close();
      await database.close();
    })());
  return { url, port, database, bus, runner, relay: spine.relay, io, logger, jobs: jobs, metrics, dpo, notify: () => runNotifications(notifierDeps), close };
}
