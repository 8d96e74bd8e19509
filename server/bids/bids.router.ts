import { Router } from 'express';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../shared/messages.js';
import { placeBidInputSchema } from '../../shared/schemas/bid.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { findItemById } from '../items/items.repository.js';
import type { JobScheduler } from '../jobs/job-scheduler.js';
import type { BidRejectLabel, Metrics } from '../metrics/metrics.js';
import type { EventBus } from '../realtime/bus.js';
import { getBidIncrement } from '../settings/settings.repository.js';
import { placeBid, type PlacedBid } from './bids.service.js';

/** The metric label of a refused bid: the service's `reason`, else the kind of error. */
function rejectLabel(err: unknown): BidRejectLabel {
  if (err instanceof AppError) {
    const reason = err.extra?.reason;
    if (typeof reason === 'string') return reason as BidRejectLabel;
    return 'invalid';
  }
  return 'error';
}

/**
 * `POST /ajax-bid {item_id, amount}`: signed in (401 'You must be signed in to place a bid'),
 * permission `place_bids` (403), then {@link placeBid}. After the commit, `bid.placed` goes on
 * the bus. Answer: `{success, message, bid, item}`. Source: spec/shopping.md §5, §7; DESIGN.md.
 * When the bid extended the end time (soft close) `item.updated` follows; the item's close job
 * is (re)scheduled after every bid. With `metrics`, counts accepted/rejected bids and latency.
 */
export function createBidsRouter(deps: { db: Kysely<Database>; bus: EventBus; jobs?: JobScheduler; metrics?: Metrics }): Router {
  const router = Router();
  router.post('/ajax-bid', requireUser(MESSAGES.mustSignInToBid), async (req, res) => {
    const user = req.auth.user!;
    const timer = deps.metrics?.bidLatency.startTimer();
    let placed: PlacedBid;
    try {
      if (!user.permissions.includes('place_bids')) {
        throw AppError.forbidden(MESSAGES.noBidPermission, { error: MESSAGES.noBidPermission, reason: 'no_permission' });
      }
      const input = parseInput(placeBidInputSchema, req.body);
      placed = await placeBid(deps.db, {
        itemId: input.item_id,
        userId: user.id,
        amount: input.amount,
        increment: await getBidIncrement(deps.db),
      });
    } catch (err) {
      timer?.({ outcome: 'rejected' });
      deps.metrics?.bidsRejected.inc({ reason: rejectLabel(err) });
      throw err;
    }
    timer?.({ outcome: 'accepted' });
    deps.metrics?.bidsAccepted.inc();
    await deps.bus.publish({
      type: 'bid.placed',
      payload: {
        item_id: placed.item.id,
        bid: placed.bid,
        bid_amount: placed.item.bid_amount,
        bid_count: placed.item.bid_count,
        min_next_bid: placed.item.min_next_bid,
        date_to: placed.item.date_to,
      },
      previousLeaderId: placed.previousLeaderId,
      previousAmount: placed.previousAmount,
    });
    if (placed.extendedFrom) {
      const item = await findItemById(deps.db, placed.item.id, await getBidIncrement(deps.db));
      if (item) await deps.bus.publish({ type: 'item.updated', payload: item });
    }
    if (placed.item.date_to) {
      const previous = placed.extendedFrom ? new Date(placed.extendedFrom) : null;
      // The bid is committed: a scheduling failure (Redis away) is logged; the sweep closes it.
      await deps.jobs?.scheduleAuctionClose(placed.item.id, new Date(placed.item.date_to), previous).catch((err: unknown) => {
        req.log.error({ err, item_id: placed.item.id }, 'could not schedule the auction close');
      });
    }
    res.json({ success: true, message: 'Your bid has been placed.', bid: placed.bid, item: placed.item });
  });
  return router;
}
