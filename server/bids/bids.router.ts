import { Router, type RequestHandler } from 'express';
import { MESSAGES } from '../../shared/messages.js';
import { placeBidInputSchema } from '../../shared/schemas/bid.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { BidRejectLabel, Metrics } from '../metrics/metrics.js';
import type { BidSequencer } from './bid-sequencer.js';
import type { PlacedBid } from './bids.service.js';

/** The metric label of a refused bid: the service's `reason`, else the kind of error. */
export function bidRejectLabel(err: unknown): BidRejectLabel {
  if (err instanceof AppError) {
    const reason = err.extra?.reason;
    if (typeof reason === 'string') return reason as BidRejectLabel;
    return 'invalid';
  }
  return 'error';
}

/** What the bid handlers are built from. */
export interface BidsRouterDeps {
  sequencer: BidSequencer;
  metrics?: Metrics;
}

/**
 * The `POST /ajax-bid {item_id, amount}` handler for a signed-in caller (`req.auth.user`):
 * permission `place_bids` (403), then the item's {@link BidSequencer} places it (batched, one
 * writer per item) and publishes `bid.placed` after the commit. Answer: `{success, message,
 * bid, item}`. With `metrics`, counts accepted/rejected bids and latency.
 * Source: spec/shopping.md §5, §7; DESIGN.md "How a bid flows"; issue 8.
 */
function placeBidHandler(deps: BidsRouterDeps): RequestHandler {
  return async (req, res) => {
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
      deps.metrics?.bidsRejected.inc({ reason: bidRejectLabel(err) });
      throw err;
    }
    timer?.({ outcome: 'accepted' });
    deps.metrics?.bidsAccepted.inc();
    res.json({ success: true, message: 'Your bid has been placed.', bid: placed.bid, item: placed.item });
  };
}

/**
 * `POST /ajax-bid` for browsers (session cookie, after the app's CSRF check) and every other
 * caller that reaches the main stack (bearer clients take server/bids/bid-lane.ts): signed in (401 'You must be signed in to place a bid'),
 * then {@link placeBidHandler}.
 */
export function createBidsRouter(deps: BidsRouterDeps): Router {
  const router = Router();
  router.post('/ajax-bid', requireUser(MESSAGES.mustSignInToBid), placeBidHandler(deps));
  return router;
}
