import type { Logger } from 'pino';
import type { AfterCommit } from '../events/command-runner.js';
import type { CommittedEvent } from '../events/domain-events.js';
import type { JobScheduler } from './job-scheduler.js';

/** End times remembered per lot before the memory is dropped (a fresh start reschedules, harmlessly). */
const REMEMBERED_CLOSES = 50_000;

/**
 * The jobs that follow committed events, run by the process that committed them (and by the
 * relay for events a crash left unpublished):
 * - `bid.placed`: the lot's close at its (possibly soft-close-moved) `date_to`, once per new end
 *   time in this process (the previous time's job is dropped);
 * - `order.placed` with `reserved_until` (cash on delivery): the reservation's release;
 * - `order.payment_started` (a DPO token was created): the payment's re-verification schedule.
 * Scheduling is idempotent (deterministic job ids) and a failure (Redis away) is logged: the
 * sweep rebuilds lost close and release jobs from the database.
 */
export function createJobReactions(jobs: JobScheduler, logger: Logger): AfterCommit {
  const scheduledClose = new Map<number, number>();

  const scheduleClose = async (itemId: number, dateTo: Date) => {
    const previous = scheduledClose.get(itemId);
    if (previous === dateTo.getTime()) return;
    scheduledClose.set(itemId, dateTo.getTime());
    if (scheduledClose.size > REMEMBERED_CLOSES) scheduledClose.clear();
    await jobs
      .scheduleAuctionClose(itemId, dateTo, previous === undefined ? null : new Date(previous))
      .catch((err: unknown) => logger.error({ err, item_id: itemId }, 'could not schedule the auction close'));
  };

  return async (events: CommittedEvent[]) => {
    const lastDateTo = new Map<number, string>();
    for (const event of events) {
      switch (event.type) {
        case 'bid.placed':
          if (event.payload.date_to) lastDateTo.set(event.payload.item_id, event.payload.date_to);
          break;
        case 'order.placed':
          if (event.payload.reserved_until) {
            await jobs
              .scheduleReservationRelease(event.payload.order_id, new Date(event.payload.reserved_until))
              .catch((err: unknown) => logger.error({ err, order: event.payload.reference }, 'could not schedule the reservation release'));
          }
          break;
        case 'order.payment_started':
          await jobs
            .schedulePaymentVerification(event.payload.order_id)
            .catch((err: unknown) => logger.error({ err, order: event.payload.reference }, 'could not schedule the payment check'));
          break;
        default:
          break;
      }
    }
    for (const [itemId, dateTo] of lastDateTo) await scheduleClose(itemId, new Date(dateTo));
  };
}
