import type { BidRateLimiter } from './bid-rate-limit.js';
import type { Kysely } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { BIDDING_MESSAGES } from '@shared/messages/bidding.js';
import { formatMK } from '@shared/rules/money.js';
import { minimumNextBid } from '@shared/rules/bidding.js';
import { placeBidInputSchema } from '@shared/schemas/bid.schema.js';
import type { AuthUser } from '../auth/user.repository.js';
import type { Database } from '../db/types.js';
import { bidPlacedEvent, type CommittedEvent, type EventPayloads } from '../events/domain-events.js';
import { committedBidEvent } from '../events/event-log.repository.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { BidRejectLabel, Metrics } from '../metrics/metrics.js';
import type { BidSequencer } from './bid-sequencer.js';
import type { PlacedBid } from './bids.commands.js';
import { findBidsForEvents } from './bids.repository.js';
import { loadIncrementTables } from './increments.repository.js';

/**
 * Who a stored bid outbids: the bidder who led just before it, unless they placed it or still
 * lead once the ask is answered (a bid answered at once by the leader's maximum costs the leader
 * nothing). Null when nobody loses the lead. Used by the live `bid:outbid` and the outbid
 * notification alike. Source: spec shopping §bidding (outbid badge), issue 16.
 */
export function outbidBidderOf(p: Pick<EventPayloads['bid.placed'], 'previous_leader_id' | 'user_id' | 'leader_id'>): number | null {
  const prev = p.previous_leader_id;
  return prev != null && prev !== p.user_id && prev !== p.leader_id ? prev : null;
}

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
  /** Bids per bidder per second (absent: no limit). */
  rateLimiter?: BidRateLimiter;
}

/** The answer to an accepted bid (spec/shopping.md §7; `leading`, `max_amount` from issue "Bidding engine"). */
export interface PlaceBidAnswer {
  success: true;
  message: string;
  bid: PlacedBid['bid'];
  item: PlacedBid['item'];
  leading: boolean;
  max_amount: number | null;
}

/** The answer's message for what became of an accepted ask. */
function answerMessage(placed: PlacedBid): string {
  if (placed.outcome === 'raised') return BIDDING_MESSAGES.maximumRaised(formatMK(placed.maxAmount ?? placed.item.bid_amount));
  if (placed.outcome === 'tied') return BIDDING_MESSAGES.tiedWithEarlierMaximum(formatMK(placed.item.bid_amount));
  return placed.leading ? BIDDING_MESSAGES.placed : BIDDING_MESSAGES.placedOutbidByMaximum;
}

/**
 * Places `body` (`{item_id, amount, max_amount?}`) as the signed-in `user`: the one entry point of both ways
 * in (the Express route, server/bids/bids.router.ts, and the bearer lane, server/bids/bid-lane.ts).
 * Permission `place_bids` (403), the bidder's rate ({@link BidRateLimiter}, 429), the input rules (422), then the {@link BidSequencer} runs the
 * `placeBids` command for it (batched, one writer per lot) and answers once its event is
 * published. With `metrics`, counts accepted/rejected bids and their latency.
 * @returns `{success, message, bid, item, leading, max_amount}` (`bid` null when the bidder's own
 *   bid was not stored: a raised maximum, or a maximum tied with an earlier one).
 * @throws AppError 403/404/422/429 (refusals, with `{error, reason}`), or a database error.
 * Source: spec/shopping.md §5, §7; DESIGN.md "How a bid flows".
 */
export async function placeBidAs(deps: PlaceBidDeps, user: AuthUser, body: unknown): Promise<PlaceBidAnswer> {
  const timer = deps.metrics?.bidLatency.startTimer();
  let placed: PlacedBid;
  try {
    if (!user.permissions.includes('place_bids')) {
      throw AppError.forbidden(MESSAGES.noBidPermission, { error: MESSAGES.noBidPermission, reason: 'no_permission' });
    }
    deps.rateLimiter?.take(user.id);
    const input = parseInput(placeBidInputSchema, body);
    placed = await deps.sequencer.submit(input.item_id, { userId: user.id, amount: input.amount, maxAmount: input.max_amount ?? null });
  } catch (err) {
    timer?.({ outcome: 'rejected' });
    deps.metrics?.bidsRejected.inc({ reason: bidRejectLabel(err) });
    throw err;
  }
  timer?.({ outcome: 'accepted' });
  deps.metrics?.bidsAccepted.inc();
  return { success: true, message: answerMessage(placed), bid: placed.bid, item: placed.item, leading: placed.leading, max_amount: placed.maxAmount };
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
  const tables = await loadIncrementTables(db);
  return rows.map((r) => {
    const event = bidPlacedEvent({
      item_id: r.item_id,
      bid_id: r.id,
      user_id: r.user_id,
      user_name: r.user_name,
      bid_amount: r.bid_amount,
      created_at: r.created_at.toISOString(),
      bid_count: r.bid_count,
      min_next_bid: minimumNextBid(r.bid_amount, r.target_amount, tables.for(r.auction_type_id)),
      date_to: r.date_to ? r.date_to.toISOString() : null,
      previous_leader_id: r.previous_leader_id,
      previous_amount: r.previous_amount,
      extended_from: null,
      automatic: r.automatic,
      leader_id: r.leader_id,
    });
    return committedBidEvent(event, event.actor!);
  });
}
