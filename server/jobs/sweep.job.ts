import { findDueAuctions, findUpcomingAuctions } from '../auctions/auctions.repository.js';
import { findExpiredReservations, findUpcomingReservations } from '../orders/orders.repository.js';
import { handleCloseAuction } from './close-auction.job.js';
import type { JobDeps } from './job-deps.js';
import { handleReleaseReservation } from './release-reservation.job.js';

/** How far ahead the sweep makes sure delayed close/release jobs exist: one hour. */
export const SWEEP_HORIZON_MS = 3600_000;

/** What one sweep did. */
export interface SweepResult {
  closed: number;
  released: number;
  scheduled: number;
}

/**
 * The safety net: closes every auction past its end time and releases every expired
 * reservation (whatever happened to their jobs), then, with a scheduler, makes sure the items
 * and reservations due within `horizonMs` have their delayed job (deterministic ids: adding a
 * known job is a no-op). Each close/release is idempotent and row-locked, so sweeps racing
 * each other or the per-item jobs do every piece of work once. `shouldStop` is checked between
 * items (shutdown).
 */
export async function handleSweep(deps: JobDeps, opts: { horizonMs?: number; shouldStop?: () => boolean } = {}): Promise<SweepResult> {
  const result: SweepResult = { closed: 0, released: 0, scheduled: 0 };
  const stop = opts.shouldStop ?? (() => false);
  for (const id of await findDueAuctions(deps.db)) {
    if (stop()) return result;
    if (await handleCloseAuction(deps, { item_id: id })) result.closed++;
  }
  for (const id of await findExpiredReservations(deps.db)) {
    if (stop()) return result;
    if (await handleReleaseReservation(deps, { order_id: id })) result.released++;
  }
  if (deps.jobs && opts.horizonMs) {
    for (const item of await findUpcomingAuctions(deps.db, opts.horizonMs)) {
      await deps.jobs.scheduleAuctionClose(item.id, item.date_to);
      result.scheduled++;
    }
    for (const order of await findUpcomingReservations(deps.db, opts.horizonMs)) {
      await deps.jobs.scheduleReservationRelease(order.id, order.reserved_until);
      result.scheduled++;
    }
  }
  return result;
}
