import { Router } from 'express';
import { MESSAGES } from '../../shared/messages.js';
import { placeBidInputSchema } from '../../shared/schemas/bid.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { BidRejectLabel, Metrics } from '../metrics/metrics.js';
import type { BidSequencer } from './bid-sequencer.js';
import type { PlacedBid } from './bids.service.js';

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
 * permission `place_bids` (403), then the item's {@link BidSequencer} places it (batched, one
 * writer per item) and publishes `bid.placed` after the commit. Answer: `{success, message,
 * bid, item}`. With `metrics`, counts accepted/rejected bids and latency.
 * Source: spec/shopping.md §5, §7; DESIGN.md "How a bid flows"; issue 8.
 */
export function createBidsRouter(deps: { sequencer: BidSequencer; metrics?: Metrics }): Router {
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
      placed = await deps.sequencer.submit(input.item_id, { userId: user.id, amount: input.amount });
    } catch (err) {
      timer?.({ outcome: 'rejected' });
      deps.metrics?.bidsRejected.inc({ reason: rejectLabel(err) });
      throw err;
    }
    timer?.({ outcome: 'accepted' });
    deps.metrics?.bidsAccepted.inc();
    res.json({ success: true, message: 'Your bid has been placed.', bid: placed.bid, item: placed.item });
  });
  return router;
}
