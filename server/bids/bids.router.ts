import { Router } from 'express';
import { MESSAGES } from '../../shared/messages.js';
import { placeBidInputSchema } from '../../shared/schemas/bid.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import type { AuthUser } from '../auth/user.repository.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { BidRejectLabel, Metrics } from '../metrics/metrics.js';
import type { BidSequencer } from './bid-sequencer.js';
import type { PlacedBid } from './bids.service.js';

/** The metric label of a refused bid: the service's `reason`, else the kind of error. */
function bidRejectLabel(err: unknown): BidRejectLabel {
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

/** The answer to an accepted bid (spec/shopping.md §7). */
export interface PlaceBidAnswer {
  success: true;
  message: string;
  bid: PlacedBid['bid'];
  item: PlacedBid['item'];
}

/**
 * Places `body` (`{item_id, amount}`) as the signed-in `user`, for both ways in (the Express
 * route and the bearer lane, server/bids/bid-lane.ts): permission `place_bids` (403), the input
 * rules (422), then the item's {@link BidSequencer} places it (batched, one writer per item) and
 * publishes `bid.placed` after the commit. With `metrics`, counts accepted/rejected bids and
 * their latency.
 * @returns `{success, message, bid, item}`.
 * @throws AppError 403/404/422 (refusals, with `{error, reason}`), or a database error.
 * Source: spec/shopping.md §5, §7; DESIGN.md "How a bid flows"; issue 8.
 */
export async function placeBidAs(deps: BidsRouterDeps, user: AuthUser, body: unknown): Promise<PlaceBidAnswer> {
  const timer = deps.metrics?.bidLatency.startTimer();
  let placed: PlacedBid;
  try {
    if (!user.permissions.includes('place_bids')) {
      throw AppError.forbidden(MESSAGES.noBidPermission, { error: MESSAGES.noBidPermission, reason: 'no_permission' });
    }
    const input = parseInput(placeBidInputSchema, body);
    placed = await deps.sequencer.submit(input.item_id, { userId: user.id, amount: input.amount });
  } catch (err) {
    timer?.({ outcome: 'rejected' });
    deps.metrics?.bidsRejected.inc({ reason: bidRejectLabel(err) });
    throw err;
  }
  timer?.({ outcome: 'accepted' });
  deps.metrics?.bidsAccepted.inc();
  return { success: true, message: 'Your bid has been placed.', bid: placed.bid, item: placed.item };
}

/**
 * `POST /ajax-bid` for browsers (session cookie, after the app's CSRF check) and every other
 * caller that reaches the main stack (bearer clients with JSON take server/bids/bid-lane.ts):
 * signed in (401 'You must be signed in to place a bid'), then {@link placeBidAs}.
 */
export function createBidsRouter(deps: BidsRouterDeps): Router {
  const router = Router();
  router.post('/ajax-bid', requireUser(MESSAGES.mustSignInToBid), async (req, res) => {
    res.json(await placeBidAs(deps, req.auth.user!, req.body));
  });
  return router;
}
