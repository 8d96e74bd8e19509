import type { Job } from 'bullmq';
import { findItemById } from '../server/items/items.repository.js';
import { publishOrderUpdated } from '../server/orders/order-events.js';
import { releaseReservation, type ReleasedReservation } from '../server/orders/release-reservation.service.js';
import { getBidIncrement } from '../server/settings/settings.repository.js';
import type { JobDeps } from './job-deps.js';
import { releaseReservationJobSchema, type ReleaseReservationJob } from './queues.js';

/**
 * Releases one expired cash-on-delivery reservation (server/orders/release-reservation.service.ts)
 * and publishes `item.updated` (the item's public fields) for every item back on sale, then
 * `order.updated` for the cancelled order (operators' Orders screen).
 * Idempotent: an order paid, already released or not yet expired gives null, publishes nothing.
 */
export async function handleReleaseReservation(deps: JobDeps, data: Pick<ReleaseReservationJob, 'order_id'>): Promise<ReleasedReservation | null> {
  const released = await releaseReservation(deps.db, data.order_id);
  if (!released) return null;
  deps.logger.info(released, 'reservation released');
  const increment = await getBidIncrement(deps.db);
  for (const itemId of released.item_ids) {
    const item = await findItemById(deps.db, itemId, increment);
    if (item) await deps.bus.publish({ type: 'item.updated', payload: item });
  }
  await publishOrderUpdated(deps.db, deps.bus, { orderIds: [released.order_id], logger: deps.logger });
  return released;
}

/** The BullMQ processor of `reservation-release` (retried with backoff on errors). */
export function createReleaseReservationProcessor(deps: JobDeps) {
  return async (job: Job): Promise<ReleasedReservation | null> => handleReleaseReservation(deps, releaseReservationJobSchema.parse(job.data));
}
