import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import { findOrdersWithPendingDpoPayments } from '../payments/payments.repository.js';
import type { Metrics } from '../metrics/metrics.js';
import type { CommandRunner } from '../events/command-runner.js';
import type { JobScheduler } from './job-scheduler.js';
import { PAYMENT_VERIFY_SCHEDULE_MS, QUEUE_NAMES } from './queues.js';
import { handleSweep } from './sweep.job.js';
import { handleVerifyPayment, type ReverifyPayment } from './verify-payment.job.js';

/** What the embedded scheduler runs with. `reverifyPayment`: the checkout's payment verifier (server/server.ts passes it). */
export interface InProcessSchedulerDeps {
  db: Kysely<Database>;
  /** Runs the handlers' commands and publishes their events. */
  runner: CommandRunner;
  logger: Logger;
  metrics?: Metrics;
  /** Sweep period in ms (default 1000): an auction closes at most this long after `date_to`. */
  intervalMs?: number;
  reverifyPayment?: ReverifyPayment;
  /** Gaps between payment checks in ms (default PAYMENT_VERIFY_SCHEDULE_MS; tests shorten them). */
  paymentScheduleMs?: readonly number[];
}

/**
 * The embedded default's scheduler (no Redis; PGlite is one process, so the server runs its own
 * jobs): every `intervalMs` a sweep runs the same handlers as the BullMQ workers
 * (server/jobs/sweep.job.ts): closes auctions whose end time has passed and releases expired
 * cash reservations (commands whose events the runner publishes). A sweep rather than per-item
 * timers, so nothing is lost across restarts and a moved end time needs no rescheduling:
 * `scheduleAuctionClose` and `scheduleReservationRelease` are therefore no-ops here.
 * Payment re-verification uses timers with the gaps of PAYMENT_VERIFY_SCHEDULE_MS between checks; timers
 * die with the process, so on start the scheduler resumes the checks of every DPO payment the
 * database still holds pending (the first after the first gap).
 */
export class InProcessJobScheduler implements JobScheduler {
  readonly mode = 'in-process' as const;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly timer: NodeJS.Timeout;
  private readonly paymentTimers = new Map<number, NodeJS.Timeout>();
  private failed = 0;

  /**
   * Runs that failed since this scheduler started: sweeps that threw (the next sweep tries again)
   * and payment checks that gave up. The operator's home shows it (issue 13).
   */
  get failedRuns(): number {
    return this.failed;
  }

  constructor(private readonly deps: InProcessSchedulerDeps) {
    this.timer = setInterval(() => this.tick(), deps.intervalMs ?? 1000);
    this.resumed = this.resumePaymentChecks();
  }

  /** Resolves once the checks of payments left pending by an earlier run are scheduled. */
  readonly resumed: Promise<void>;

  private async resumePaymentChecks(): Promise<void> {
    if (!this.deps.reverifyPayment) return;
    try {
      const orderIds = await findOrdersWithPendingDpoPayments(this.deps.db);
      for (const orderId of orderIds) if (!this.stopped) await this.schedulePaymentVerification(orderId);
      if (orderIds.length) this.deps.logger.info({ orders: orderIds.length }, 'resumed checks of pending payments');
    } catch (err) {
      this.deps.logger.error({ err }, 'could not resume checks of pending payments');
    }
  }

  private tick(): void {
    if (this.running || this.stopped) return;
    const end = this.deps.metrics?.jobDuration.startTimer({ queue: QUEUE_NAMES.maintenance });
    this.running = handleSweep(this.deps, { shouldStop: () => this.stopped })
      .then(() => {
        end?.({ outcome: 'completed' });
      })
      .catch((err: unknown) => {
        end?.({ outcome: 'failed' });
        this.failed++;
        this.deps.logger.error({ err }, 'in-process sweep failed');
      })
      .finally(() => {
        this.running = null;
      });
  }

  async scheduleAuctionClose(): Promise<void> {}

  async scheduleReservationRelease(): Promise<void> {}

  async schedulePaymentVerification(orderId: number): Promise<void> {
    const reverifyPayment = this.deps.reverifyPayment;
    const schedule = this.deps.paymentScheduleMs ?? PAYMENT_VERIFY_SCHEDULE_MS;
    if (!reverifyPayment || this.paymentTimers.has(orderId)) return;
    const attempt = (n: number) => {
      const timer = setTimeout(() => {
        handleVerifyPayment({ reverifyPayment, logger: this.deps.logger }, { order_id: orderId })
          .then(() => this.paymentTimers.delete(orderId))
          .catch((err: unknown) => {
            if (n + 1 < schedule.length && !this.stopped) attempt(n + 1);
            else {
              this.paymentTimers.delete(orderId);
              this.failed++;
              this.deps.logger.warn({ err, order_id: orderId }, 'payment re-verification gave up');
            }
          });
      }, schedule[n]);
      timer.unref();
      this.paymentTimers.set(orderId, timer);
    };
    attempt(0);
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.resumed;
    for (const t of this.paymentTimers.values()) clearTimeout(t);
    this.paymentTimers.clear();
    await this.running;
  }
}

/**
 * Starts the embedded scheduler (see {@link InProcessJobScheduler}).
 * @returns the scheduler; `close()` stops it (waits for a sweep in hand).
 */
export function startInProcessScheduler(deps: InProcessSchedulerDeps): InProcessJobScheduler {
  return new InProcessJobScheduler(deps);
}
