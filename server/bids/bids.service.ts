import type { Kysely } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { minimumNextBid } from '@shared/rules/bidding.js';
import { placeBidInputSchema } from '@shared/schemas/bid.schema.js';
import type { AuthUser } from '../auth/user.repository.js';
import type { Database } from '../db/types.js';
import { bidPlacedEvent, type CommittedEvent } from '../events/domain-events.js';
import { committedBidEvent } from '../events/event-log.repository.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { BidRejectLabel, Metrics } from '../metrics/metrics.js';
import type { BidSequencer } from './bid-sequencer.js';
import type { PlacedBid } from './bids.commands.js';
import { findBidsForEvents } from './bids.repository.js';
import { getBidIncrement } from '../settings/settings.repository.js';

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

/**
 * The `bid.placed` events of stored bids, made again from the bids table for the relay (the
 * process that stored them died before publishing). They read as the originals did, except
 * that `date_to` is the lot's end time now and `extended_from` is not known (null).
 * @returns the events, oldest bid first; bids not found are skipped.
 */
export async function rebuildBidEvents(db: Kysely<Database>, bidIds: number[]): Promise<CommittedEvent[]> {
  const rows = await findBidsForEvents(db, bidIds);
  if (rows.length === 0) return [];
  const increment = await getBidIncrement(db);
  return rows.map((r) => {
    const event = bidPlacedEvent({
      item_id: r.item_id,
      bid_id: r.id,
      user_id: r.user_id,
      user_name: r.user_name,
      bid_amount: r.bid_amount,
      created_at: r.created_at.toISOString(),
      bid_count: r.bid_count,
      min_next_bid: minimumNextBid(r.bid_amount, r.target_amount, increment),
      date_to: r.date_to ? r.date_to.toISOString() : null,
      previous_leader_id: r.previous_leader_id,
      previous_amount: r.previous_amount,
      extended_from: null,
    });
    return committedBidEvent(event, event.actor!);
  });
}
