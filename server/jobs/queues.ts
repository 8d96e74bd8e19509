import { Queue, type DefaultJobOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isRedisConnectionError, logRedisClientErrors } from '../ops/redis-outages.js';

/**
 * Queue names of Gavel's background jobs (BullMQ). Keys live under the configured prefix
 * (`QUEUE_PREFIX`, default `gavel`), so two deployments or test runs sharing one Redis don't meet.
 * Source: DESIGN.md "What it is made of" (jobs).
 */
export const QUEUE_NAMES = {
  /** A delayed job per online/live item, due at its `date_to`. */
  auctionClose: 'auction-close',
  /** A delayed job per cash-on-delivery reservation, due at its `reserved_until`. */
  reservationRelease: 'reservation-release',
  /** Re-verification of a pending DPO payment on a backoff schedule. */
  paymentVerify: 'payment-verify',
  /** The repeatable safety-net sweep (job scheduler `sweep`). */
  maintenance: 'maintenance',
  /** The repeatable notification run (job scheduler `notify`): produce from the event log, deliver e-mail (issue 16). */
  notifications: 'notifications',
} as const;

/** One of {@link QUEUE_NAMES}. */
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** Job data of `auction-close`: the item and the end time the job was scheduled for (ISO). */
export const closeAuctionJobSchema = z.object({ item_id: z.number().int().positive(), date_to: z.iso.datetime({ offset: true }) });
export type CloseAuctionJob = z.infer<typeof closeAuctionJobSchema>;

/** Job data of `reservation-release`: the reserved order and its `reserved_until` (ISO). */
export const releaseReservationJobSchema = z.object({ order_id: z.number().int().positive(), reserved_until: z.iso.datetime({ offset: true }) });
export type ReleaseReservationJob = z.infer<typeof releaseReservationJobSchema>;

/** Job data of `payment-verify`: the order whose DPO payment is pending (no token: it is read from the database). */
export const verifyPaymentJobSchema = z.object({ order_id: z.number().int().positive() });
export type VerifyPaymentJob = z.infer<typeof verifyPaymentJobSchema>;

/** Job data of the `maintenance` sweep: nothing. */
export const sweepJobSchema = z.object({}).strict();

/**
 * Deterministic job id of an item's close at one end time: `close-<item>-<epoch ms>`. The same
 * schedule twice is one job (BullMQ ignores a known id); a new end time is a new job, and the
 * old one finds the item not yet due and does nothing. Ids never contain ':' (BullMQ 6).
 */
export const closeAuctionJobId = (itemId: number, dateTo: Date): string => `close-${itemId}-${dateTo.getTime()}`;
/** Deterministic job id of a reservation's release: `release-<order>-<epoch ms>`. */
export const releaseReservationJobId = (orderId: number, reservedUntil: Date): string => `release-${orderId}-${reservedUntil.getTime()}`;
/** Deterministic job id of an order's payment re-verification: `verify-payment-<order>`. */
export const verifyPaymentJobId = (orderId: number): string => `verify-payment-${orderId}`;

/**
 * When a pending DPO payment is checked again, in ms after the previous check: 1, 2, 5, 10 and
 * 30 minutes, then 1, 3, 6 and 12 hours (9 checks over about a day). After the last check the
 * job stays in the failed set for an operator to see. Used as BullMQ's custom backoff.
 */
export const PAYMENT_VERIFY_SCHEDULE_MS: readonly number[] = [1, 2, 5, 10, 30, 60, 180, 360, 720].map((m) => m * 60_000);
/** Name of the custom backoff strategy of `payment-verify` (see {@link paymentVerifyBackoff}). */
export const PAYMENT_VERIFY_BACKOFF = 'payment-verify-schedule';

/**
 * A BullMQ backoff strategy: the delay before retry number `attemptsMade` (1-based) of a
 * `payment-verify` job, from `schedule` (default {@link PAYMENT_VERIFY_SCHEDULE_MS}; tests pass
 * a short one); other backoff types get 0 (BullMQ then applies its own).
 */
export function createPaymentVerifyBackoff(schedule: readonly number[] = PAYMENT_VERIFY_SCHEDULE_MS) {
  return (attemptsMade: number, type?: string): number => {
    if (type !== PAYMENT_VERIFY_BACKOFF) return 0;
    return schedule[Math.min(Math.max(attemptsMade, 1), schedule.length) - 1];
  };
}

/**
 * Default job options per queue: retries with exponential backoff (1 s, 2 s, 4 s …), completed
 * jobs kept a day (at most 1,000), failed jobs kept for inspection (never removed automatically).
 * Payment verification follows its own schedule (first check 1 minute after the payment starts).
 */
export const DEFAULT_JOB_OPTIONS: Record<QueueName, DefaultJobOptions> = {
  [QUEUE_NAMES.auctionClose]: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 86_400, count: 1000 },
    removeOnFail: false,
  },
  [QUEUE_NAMES.reservationRelease]: {
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 86_400, count: 1000 },
    removeOnFail: false,
  },
  [QUEUE_NAMES.paymentVerify]: {
    attempts: PAYMENT_VERIFY_SCHEDULE_MS.length + 1,
    backoff: { type: PAYMENT_VERIFY_BACKOFF },
    removeOnComplete: { age: 7 * 86_400, count: 1000 },
    removeOnFail: false,
  },
  [QUEUE_NAMES.maintenance]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  // A run that could not deliver some mail fails (visible in the queue board); the next run retries them.
  [QUEUE_NAMES.notifications]: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } },
};

/** The producer side of every queue, keyed by name. */
export type GavelQueues = Record<QueueName, Queue>;

/**
 * Opens a `Queue` for each of {@link QUEUE_NAMES} on one shared ioredis connection (producer side:
 * servers enqueue, bull-board reads, workers schedule the sweep). `close()` closes the queues,
 * not the connection. Every queue has an `error` listener from birth: connection failures are
 * left to the connection's outage log (`createRedisOutageLog`), other errors go to `logger`
 * (default `console.error`) with the queue's name; without it a queue prints each reconnect
 * attempt of a Redis outage to stderr (fault hardening of Redis use).
 */
export function openQueues(connection: Redis, prefix: string, logger?: Logger): GavelQueues & { close(): Promise<void> } {
  const make = (name: QueueName) => {
    const queue = new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS[name] });
    queue.on(
      'error',
      logger
        ? logRedisClientErrors(logger, { queue: name }, 'queue error')
        : (err) => {
            if (!isRedisConnectionError(err)) console.error(`queue ${name} error:`, err);
          },
    );
    return queue;
  };
  const queues: GavelQueues = {
    [QUEUE_NAMES.auctionClose]: make(QUEUE_NAMES.auctionClose),
    [QUEUE_NAMES.reservationRelease]: make(QUEUE_NAMES.reservationRelease),
    [QUEUE_NAMES.paymentVerify]: make(QUEUE_NAMES.paymentVerify),
    [QUEUE_NAMES.maintenance]: make(QUEUE_NAMES.maintenance),
    [QUEUE_NAMES.notifications]: make(QUEUE_NAMES.notifications),
  };
  return {
    ...queues,
    close: async () => {
      await Promise.all(Object.values(queues).map((q) => q.close()));
    },
  };
}

/** The queues of {@link openQueues} as a list (bull-board, metrics). */
export function queueList(queues: GavelQueues): Queue[] {
  return Object.values(QUEUE_NAMES).map((name) => queues[name]);
}
