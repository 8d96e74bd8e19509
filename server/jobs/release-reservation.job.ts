import type { Job } from 'bullmq';
import { systemActor } from '../events/domain-events.js';
import { releaseReservation, type ReleasedReservation } from '../orders/orders.commands.js';
import type { JobDeps } from './job-deps.js';
import { releaseReservationJobSchema, type ReleaseReservationJob } from './queues.js';

/** The actor of every reservation release a job or the sweep makes. */
const RELEASE_ACTOR = systemActor('reservation-release');

/**
 * Runs the {@link releaseReservation} command for one cash-on-delivery order: an unpaid
 * reservation past its `reserved_until` is cancelled and its items go back on sale; its
 * `order.status_changed` event is published after the commit. Idempotent: an order paid,
 * already released or not yet expired gives null and causes no event.
 * @returns the cancelled order and the items back on sale, or null.
 */
export async function handleReleaseReservation(deps: JobDeps, data: Pick<ReleaseReservationJob, 'order_id'>): Promise<ReleasedReservation | null> {
  const released = await deps.runner.run(releaseReservation, RELEASE_ACTOR, { orderId: data.order_id });
  if (released) deps.logger.info(released, 'reservation released');
  return released;
}

/** The BullMQ processor of `reservation-release` (retried with backoff on errors). */
export function createReleaseReservationProcessor(deps: JobDeps) {
  return async (job: Job): Promise<ReleasedReservation | null> => handleReleaseReservation(deps, releaseReservationJobSchema.parse(job.data));
}
