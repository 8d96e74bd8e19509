import { DelayedError, type Job } from 'bullmq';
import { closeAuction, type CloseResult } from '../auctions/auctions.commands.js';
import { msUntilItemEnds } from '../auctions/auctions.repository.js';
import { systemActor } from '../events/domain-events.js';
import type { JobDeps } from './job-deps.js';
import { closeAuctionJobSchema, type CloseAuctionJob } from './queues.js';

/** The actor of every close a job or the sweep makes. */
const CLOSE_ACTOR = systemActor('auction-close');

/**
 * Runs the {@link closeAuction} command for one lot; its `auction.closed` event (with the winner's
 * new order) is published after the commit. Idempotent: a lot already closed, not yet due, or a
 * cash lot gives null and causes no event.
 * @returns what the close did, or null.
 */
export async function handleCloseAuction(deps: JobDeps, data: Pick<CloseAuctionJob, 'item_id'>): Promise<CloseResult> {
  const closed = await deps.runner.run(closeAuction, CLOSE_ACTOR, { itemId: data.item_id });
  if (closed) deps.logger.info({ item_id: closed.item_id, status: closed.status, winner: closed.closed_by }, 'auction closed');
  return closed;
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
    const left = await msUntilItemEnds(deps.db, data.item_id);
    if (left && left.ms > 0 && left.dateTo.getTime() === new Date(data.date_to).getTime() && token) {
      await job.moveToDelayed(Date.now() + left.ms + 50, token);
      throw new DelayedError();
    }
    if (left && left.ms > 0) await deps.jobs?.scheduleAuctionClose(data.item_id, left.dateTo);
    return null;
  };
}
