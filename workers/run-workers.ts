import http from 'node:http';
import { Worker, type Job, type Processor } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../server/db/types.js';
import { BullmqJobScheduler } from '../server/jobs/bullmq-job-scheduler.js';
import { createCloseAuctionProcessor } from '../server/jobs/close-auction.job.js';
import type { JobDeps } from '../server/jobs/job-deps.js';
import { QUEUE_NAMES, createPaymentVerifyBackoff, openQueues, queueList, type QueueName } from '../server/jobs/queues.js';
import { createReleaseReservationProcessor } from '../server/jobs/release-reservation.job.js';
import { SWEEP_HORIZON_MS, handleSweep } from '../server/jobs/sweep.job.js';
import { createVerifyPaymentProcessor, type ReverifyPayment } from '../server/jobs/verify-payment.job.js';
import { createMetrics, type Metrics } from '../server/metrics/metrics.js';
import { logRedisClientErrors } from '../server/ops/redis-outages.js';
import type { CommandRunner } from '../server/events/command-runner.js';
import { createJobReactions } from '../server/jobs/job-reactions.js';
import { runNotifications, type NotifierDeps } from '../server/notifications/notifier.js';

/** What the workers run with. `redis` must have `maxRetriesPerRequest: null` (BullMQ workers). */
export interface WorkersDeps {
  db: Kysely<Database>;
  /** Runs the handlers' commands; the workers add their job reactions to it. */
  runner: CommandRunner;
  logger: Logger;
  redis: Redis;
  prefix: string;
  concurrency?: number;
  /** Job lock and stalled-check period in ms (default 30 s, BullMQ's). */
  lockMs?: number;
  /** Seconds between safety-net sweeps (default 15). */
  sweepSeconds?: number;
  /**
   * The checkout's `reverifyPayment` (DPO verifyToken; workers/main.ts passes it). When absent,
   * the `payment-verify` queue has no worker (jobs wait, visible in /admin/queues).
   */
  reverifyPayment?: ReverifyPayment;
  /** Payment re-verification delays in ms (default PAYMENT_VERIFY_SCHEDULE_MS; tests shorten it). */
  paymentScheduleMs?: readonly number[];
  /** Serve this process's `/metrics` on this port (0: a free one); absent: no HTTP. */
  metricsPort?: number;
  /** Notifications (issue 16): how mail goes out and where links point; absent: the `notifications` queue has no worker. */
  notifications?: Omit<NotifierDeps, 'db' | 'runner' | 'logger'> & { intervalMs: number };
}

/** Running workers: `close()` finishes the jobs in hand, takes no new one, then disconnects. */
export interface RunningWorkers {
  workers: Worker[];
  metrics: Metrics;
  metricsUrl: string | null;
  close(): Promise<void>;
}

/**
 * Starts one BullMQ worker per queue (auction close, reservation release, the sweep,
 * notifications when configured, and payment re-verification when a verifier is given), upserts
 * the repeatable sweep and notification run (job schedulers `sweep` and `notify`; every `sweepSeconds`, made again and run at once after every Redis reconnect), records job durations, logs failures and worker
 * errors. Handlers are idempotent (the database is the truth), so BullMQ's retries with
 * backoff and its stalled-job recovery (a worker killed mid-job) are safe.
 */
export async function startWorkers(deps: WorkersDeps): Promise<RunningWorkers> {
  const { logger, redis, prefix } = deps;
  const queues = openQueues(redis, prefix, logger);
  const jobs = new BullmqJobScheduler(queues, logger);
  const metrics = createMetrics('worker');
  metrics.trackQueues(queueList(queues));
  deps.runner.addAfterCommit(createJobReactions(jobs, logger));
  const jobDeps: JobDeps = { db: deps.db, runner: deps.runner, logger, jobs };
  let stopping = false;

  const workers: Worker[] = [];
  const start = (name: QueueName, processor: Processor, extra: { concurrency?: number; backoff?: (n: number, type?: string) => number } = {}) => {
    const worker = new Worker(name, processor, {
      connection: redis,
      prefix,
      concurrency: extra.concurrency ?? deps.concurrency ?? 5,
      lockDuration: deps.lockMs ?? 30_000,
      stalledInterval: deps.lockMs ?? 30_000,
      settings: extra.backoff ? { backoffStrategy: extra.backoff } : undefined,
    });
    // Connection failures are the outage log's (once per outage); other errors are logged here.
    worker.on('error', logRedisClientErrors(logger, { queue: name }, 'worker error'));
    worker.on('failed', (job: Job | undefined, err: Error) => {
      logger.warn({ err, queue: name, job_id: job?.id, attempts: job?.attemptsMade }, 'job failed');
      observe(name, job, 'failed');
    });
    worker.on('completed', (job: Job) => observe(name, job, 'completed'));
    workers.push(worker);
  };
  const observe = (queue: QueueName, job: Job | undefined, outcome: 'completed' | 'failed') => {
    if (job?.processedOn && job.finishedOn) metrics.jobDuration.observe({ queue, outcome }, (job.finishedOn - job.processedOn) / 1000);
  };

  start(QUEUE_NAMES.auctionClose, createCloseAuctionProcessor(jobDeps));
  start(QUEUE_NAMES.reservationRelease, createReleaseReservationProcessor(jobDeps));
  start(QUEUE_NAMES.maintenance, async () => handleSweep(jobDeps, { horizonMs: SWEEP_HORIZON_MS, shouldStop: () => stopping }), { concurrency: 1 });
  if (deps.reverifyPayment) {
    start(QUEUE_NAMES.paymentVerify, createVerifyPaymentProcessor({ reverifyPayment: deps.reverifyPayment, logger }), {
      backoff: createPaymentVerifyBackoff(deps.paymentScheduleMs),
    });
  } else {
    logger.warn('payment re-verification is not wired: the payment-verify queue has no worker');
  }
  const notifications = deps.notifications;
  if (notifications) {
    const notifierDeps: NotifierDeps = { ...notifications, db: deps.db, runner: deps.runner, logger };
    start(
      QUEUE_NAMES.notifications,
      async () => {
        const run = await runNotifications(notifierDeps);
        if (run.failed) throw new Error(`${run.failed} notification e-mail(s) failed, retried later: ${run.errors.slice(0, 3).join('; ')}`);
        return run;
      },
      { concurrency: 1 },
    );
  }
  const scheduleSweep = async () => {
    await queues[QUEUE_NAMES.maintenance].upsertJobScheduler('sweep', { every: (deps.sweepSeconds ?? 15) * 1000 }, { name: 'sweep', data: {} });
    if (notifications && notifications.intervalMs > 0) {
      await queues[QUEUE_NAMES.notifications].upsertJobScheduler('notify', { every: notifications.intervalMs }, { name: 'notify', data: {} });
    }
  };
  await scheduleSweep();
  // A Redis without persistence forgets job schedulers and delayed jobs when it restarts. After
  // every reconnect the sweep's schedule is made again and a sweep runs at once: it closes what
  // ended meanwhile and schedules again, from the database, every close and release due soon.
  let disconnected = false;
  redis.on('close', () => {
    disconnected = true;
  });
  redis.on('ready', () => {
    if (!disconnected || stopping) return;
    disconnected = false;
    scheduleSweep()
      .then(() => queues[QUEUE_NAMES.maintenance].add('sweep', {}))
      .then(() => logger.info('Redis is back: the sweep is scheduled again and runs now'))
      .catch((err: unknown) => logger.error({ err }, 'could not schedule the sweep again after Redis came back'));
  });

  let metricsServer: http.Server | null = null;
  let metricsUrl: string | null = null;
  if (deps.metricsPort !== undefined) {
    const server = http.createServer((req, res) => {
      if (req.url !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
        (err: unknown) => {
          logger.error({ err }, 'metrics failed');
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(deps.metricsPort, resolve));
    const address = server.address();
    metricsUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/metrics` : null;
    metricsServer = server;
  }

  return {
    workers,
    metrics,
    metricsUrl,
    close: async () => {
      stopping = true;
      // Worker.close() waits for the jobs in hand and fetches no new one.
      await Promise.all(workers.map((w) => w.close()));
      await queues.close();
      if (metricsServer) await new Promise<void>((resolve) => metricsServer!.close(() => resolve()));
    },
  };
}
