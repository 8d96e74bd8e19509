import { DelayedError, type Job } from 'bullmq';
import { sql } from 'kysely';
import { closeAuction, type CloseResult } from '../server/auctions/close-auction.service.js';
import { publishOrderUpdated } from '../server/orders/order-events.js';
import type { JobDeps } from './job-deps.js';
import { closeAuctionJobSchema, type CloseAuctionJob } from './queues.js';

/**
 * Closes one auction (server/auctions/close-auction.service.ts) and, when this run closed it,
 * publishes `auction.closed` on the bus and, for a sold lot, `order.updated` for the winner's
 * new order awaiting payment (the operators' Orders screen shows it at once). Idempotent: an
 * item already closed, not yet due, or a cash item gives null and publishes nothing.
 * @returns the `auction.closed` event, or null.
 */
export async function handleCloseAuction(deps: JobDeps, data: CloseAuctionJob): Promise<CloseResult> {
  const closed = await closeAuction(deps.db, data.item_id);
  if (closed) {
    deps.logger.info({ item_id: closed.item_id, status: closed.status, winner: closed.closed_by }, 'auction closed');
    await deps.bus.publish({ type: 'auction.closed', payload: closed });
    if (closed.status === 'sold') {
      const orders = await deps.db
        .selectFrom('orders')
        .innerJoin('order_lines as l', 'l.order_id', 'orders.id')
        .select('orders.id')
        .where('orders.source', '=', 'auction')
        .where('l.item_id', '=', closed.item_id)
        .execute();
      await publishOrderUpdated(deps.db, deps.bus, { orderIds: orders.map((o) => o.id), logger: deps.logger });
    }
  }
  return closed;
}

/** Milliseconds until the open item's `date_to` (database clock), or null when it is closed, missing or has no end. */
async function msUntilEnd(deps: JobDeps, itemId: number): Promise<{ ms: number; dateTo: Date } | null> {
  const row = await deps.db
    .selectFrom('items')
    .select(['date_to', 'closed_by', 'status', sql<Date>`now()`.as('now')])
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!row || !row.date_to || row.closed_by != null || row.status !== 'available') return null;
  return { ms: row.date_to.getTime() - row.now.getTime(), dateTo: row.date_to };
}

/**
 * The BullMQ processor of `auction-close`. A delayed job runs at least at its time, yet the
 * database clock decides: when the item is still open with the very end time the job was made
 * for but not yet due (clock skew), the job waits the rest (DelayedError); when the end time
 * moved (soft close, operator edit), the job for the new time does the work and this one ends.
 * Errors (database down) are retried with backoff by BullMQ.
 */
export function createCloseAuctionProcessor(deps: JobDeps) {
  return async (job: Job, token?: string): Promise<CloseResult> => {
    const data = closeAuctionJobSchema.parse(job.data);
    const closed = await handleCloseAuction(deps, data);
    if (closed) return closed;
    const left = await msUntilEnd(deps, data.item_id);
    if (left && left.ms > 0 && left.dateTo.getTime() === new Date(data.date_to).getTime() && token) {
      await job.moveToDelayed(Date.now() + left.ms + 50, token);
      throw new DelayedError();
    }
    if (left && left.ms > 0) await deps.jobs?.scheduleAuctionClose(data.item_id, left.dateTo);
    return null;
  };
}
