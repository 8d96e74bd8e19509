import type { Logger } from 'pino';
import type { AfterCommit } from '../events/command-runner.js';
import type { CommittedEvent } from '../events/domain-events.js';
import type { JobScheduler } from './job-scheduler.js';

/** End times remembered per lot before the memory is dropped (a fresh start reschedules, harmlessly). */
const REMEMBERED_CLOSES = 50_000;
/** Close jobs scheduled at once after one commit. */
const CLOSES_AT_ONCE = 25;

/**
 * The jobs that follow committed events, run by the process that committed them (and by the
 * relay for events a crash left unpublished):
 * - `bid.placed`: the lot's close at its (possibly soft-close-moved) `date_to`, once per new end
 *   time in this process (the previous time's job is dropped);
 * - `order.placed` with `reserved_until` (cash on delivery): the reservation's release;
 * - `order.payment_started` (a DPO token was created): the payment's re-verification schedule;
 * - `sale.closes_rescheduled` (a sale set its lots' ends: staggered closing, publication): each
 *   lot's close at its new end, the job of its old end dropped (issue 13 "Sales");
 * - `lot.created`, `lot.relisted` with an end, and `lot.updated` moving `date_to`: the lot's close
 *   (issue 13 "Lots").
 * Scheduling is idempotent (deterministic job ids) and a failure (Redis away) is logged: the
 * sweep rebuilds lost close and release jobs from the database.
 */
export function createJobReactions(jobs: JobScheduler, logger: Logger): AfterCommit {
  const scheduledClose = new Map<number, number>();

  /** `previousHint`: the end the lot had before, when the event says (its job is dropped unless this process remembers another). */
  const scheduleClose = async (itemId: number, dateTo: Date, previousHint: string | null = null) => {
    const remembered = scheduledClose.get(itemId);
    if (remembered === dateTo.getTime()) return;
    const previous = remembered ?? (previousHint ? new Date(previousHint).getTime() : undefined);
    scheduledClose.set(itemId, dateTo.getTime());
    if (scheduledClose.size > REMEMBERED_CLOSES) scheduledClose.clear();
    await jobs
      .scheduleAuctionClose(itemId, dateTo, previous === undefined ? null : new Date(previous))
      .catch((err: unknown) => logger.error({ err, item_id: itemId }, 'could not schedule the auction close'));
  };

  return async (events: CommittedEvent[]) => {
    const lastDateTo = new Map<number, string>();
    const previousDateTo = new Map<number, string | null>();
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
        case 'sale.closes_rescheduled':
          for (const close of event.payload.closes) {
            if (!previousDateTo.has(close.item_id)) previousDateTo.set(close.item_id, close.before);
            lastDateTo.set(close.item_id, close.after);
          }
          break;
        // A lot created or relisted in the back office closes at its end; an edit may move it (issue 13 "Lots").
        case 'lot.created':
        case 'lot.relisted':
          if (event.payload.date_to) lastDateTo.set(event.payload.item_id, event.payload.date_to);
          break;
        case 'lot.updated': {
          const change = event.payload.changes.date_to;
          if (change && typeof change.after === 'string') {
            if (!previousDateTo.has(event.payload.item_id)) previousDateTo.set(event.payload.item_id, typeof change.before === 'string' ? change.before : null);
            lastDateTo.set(event.payload.item_id, change.after);
          }
          break;
        }
        case 'order.payment_started':
          await jobs
            .schedulePaymentVerification(event.payload.order_id)
            .catch((err: unknown) => logger.error({ err, order: event.payload.reference }, 'could not schedule the payment check'));
          break;
        default:
          break;
      }
    }
    // A sale's lots are many (one event may move hundreds of closes): a few at a time, not one by one.
    const closes = [...lastDateTo];
    for (let i = 0; i < closes.length; i += CLOSES_AT_ONCE) {
      await Promise.all(
        closes.slice(i, i + CLOSES_AT_ONCE).map(([itemId, dateTo]) => scheduleClose(itemId, new Date(dateTo), previousDateTo.get(itemId) ?? null)),
      );
    }
  };
}
