import type { Logger } from 'pino';
import {
  PAYMENT_VERIFY_SCHEDULE_MS,
  QUEUE_NAMES,
  closeAuctionJobId,
  releaseReservationJobId,
  verifyPaymentJobId,
  type CloseAuctionJob,
  type GavelQueues,
  type ReleaseReservationJob,
  type VerifyPaymentJob,
} from './queues.js';
import type { JobScheduler } from './job-scheduler.js';

/**
 * Scale-out scheduler: BullMQ delayed jobs with deterministic ids (server/jobs/queues.ts), processed
 * by `npm run workers`. Rescheduling a close adds the job of the new end time and removes the
 * old one when it is still waiting (an old job that runs anyway finds the item not due and
 * ends). Job data holds ids and times only, never secrets.
 */
export class BullmqJobScheduler implements JobScheduler {
  readonly mode = 'bullmq' as const;

  constructor(
    private readonly queues: GavelQueues,
    private readonly logger: Logger,
  ) {}

  async scheduleAuctionClose(itemId: number, dateTo: Date, previous?: Date | null): Promise<void> {
    const data: CloseAuctionJob = { item_id: itemId, date_to: dateTo.toISOString() };
    const queue = this.queues[QUEUE_NAMES.auctionClose];
    await queue.add('close', data, { jobId: closeAuctionJobId(itemId, dateTo), delay: Math.max(0, dateTo.getTime() - Date.now()) });
    if (previous && previous.getTime() !== dateTo.getTime()) {
      const old = await queue.getJob(closeAuctionJobId(itemId, previous));
      if (old && (await old.isDelayed())) {
        await old.remove().catch((err: unknown) => this.logger.debug({ err, item_id: itemId }, 'old close job not removed'));
      }
    }
  }

  async scheduleReservationRelease(orderId: number, reservedUntil: Date): Promise<void> {
    const data: ReleaseReservationJob = { order_id: orderId, reserved_until: reservedUntil.toISOString() };
    await this.queues[QUEUE_NAMES.reservationRelease].add('release', data, {
      jobId: releaseReservationJobId(orderId, reservedUntil),
      delay: Math.max(0, reservedUntil.getTime() - Date.now()),
    });
  }

  async schedulePaymentVerification(orderId: number): Promise<void> {
    const data: VerifyPaymentJob = { order_id: orderId };
    await this.queues[QUEUE_NAMES.paymentVerify].add('verify', data, { jobId: verifyPaymentJobId(orderId), delay: PAYMENT_VERIFY_SCHEDULE_MS[0] });
  }

  async close(): Promise<void> {}
}
