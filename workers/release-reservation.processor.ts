import type { Job } from 'bullmq';
import { publishOrderChanges } from '../server/orders/order-events.js';
import { releaseReservation, type ReleasedReservation } from '../server/orders/release-reservation.service.js';
import type { JobDeps } from './job-deps.js';
import { releaseReservationJobSchema, type ReleaseReservationJob } from './queues.js';

/**
 * Releases one expired cash-on-delivery reservation (server/orders/release-reservation.service.ts)
 * and publishes `item.updated` (the item's public fields) for every item back on sale, then
 * `order.updated` for the cancelled order (operators' Orders screen), through
 * {@link publishOrderChanges} like every other order change (failures logged: the release is done).
 * Idempotent: an order paid, already released or not yet expired gives null, publishes nothing.
 */
export async function handleReleaseReservation(deps: JobDeps, data: Pick<ReleaseReservationJob, 'order_id'>): Promise<ReleasedReservation | null> {
  const released = await releaseReservation(deps.db, data.order_id);
  if (!released) return null;
  deps.logger.info(released, 'reservation released');
  await publishOrderChanges(deps.db, deps.bus, { itemIds: released.item_ids, orderIds: [released.order_id], logger: deps.logger });
  return released;
}

/** The BullMQ processor of `reservation-release` (retried with backoff on errors). */
export function createReleaseReservationProcessor(deps: JobDeps) {
  return async (job: Job): Promise<ReleasedReservation | null> => handleReleaseReservation(deps, releaseReservationJobSchema.parse(job.data));
}
