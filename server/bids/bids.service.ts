import { MESSAGES } from '../../shared/messages.js';
import { placeBidInputSchema } from '../../shared/schemas/bid.schema.js';
import type { AuthUser } from '../auth/user.repository.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { BidRejectLabel, Metrics } from '../metrics/metrics.js';
import type { BidSequencer } from './bid-sequencer.js';
import type { PlacedBid } from './bids.commands.js';

/** The metric label of a refused bid: the command's `reason`, else the kind of error. */
function bidRejectLabel(err: unknown): BidRejectLabel {
  if (err instanceof AppError) {
    const reason = err.extra?.reason;
    if (typeof reason === 'string') return reason as BidRejectLabel;
    return 'invalid';
  }
  return 'error';
}

/** What placing a bid runs with. */
export interface PlaceBidDeps {
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
 * Places `body` (`{item_id, amount}`) as the signed-in `user`: the one entry point of both ways
 * in (the Express route, server/bids/bids.router.ts, and the bearer lane, server/bids/bid-lane.ts).
 * Permission `place_bids` (403), the input rules (422), then the {@link BidSequencer} runs the
 * `placeBids` command for it (batched, one writer per lot) and answers once its event is
 * published. With `metrics`, counts accepted/rejected bids and their latency.
 * @returns `{success, message, bid, item}`.
 * @throws AppError 403/404/422 (refusals, with `{error, reason}`), or a database error.
 * Source: spec/shopping.md §5, §7; DESIGN.md "How a bid flows".
 */
export async function placeBidAs(deps: PlaceBidDeps, user: AuthUser, body: unknown): Promise<PlaceBidAnswer> {
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
