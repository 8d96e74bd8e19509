import type { Transaction } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { bidRefusal } from '@shared/rules/bid-refusal.js';
import { bidCeiling, bidCeilingRefusal, minimumNextBid, normaliseBidFactor, normaliseIncrement } from '@shared/rules/bidding.js';
import { formatMK } from '@shared/rules/money.js';
import type { Bid } from '@shared/schemas/bid.schema.js';
import type { Database } from '../db/types.js';
import { bidPlacedEvent, type Actor, type CommandOutcome, type CommittedEvent, type DomainEvent } from '../events/domain-events.js';
import { committedBidEvent } from '../events/event-log.repository.js';
import { AppError } from '../http/app-error.js';
import { findActiveRegistrations, lockItemsForBids, storeBids, type BidToStore, type LockedItem } from './bids.repository.js';

/**
 * Why a bid was refused (also the label of the rejection metric): `too_high` is above the lot's
 * bid ceiling ({@link bidCeiling}), `already_leading` comes from the lot's current leader.
 */
export type BidRejectReason = 'not_found' | 'cash_item' | 'closed' | 'ended' | 'not_started' | 'not_subscribed' | 'already_leading' | 'too_low' | 'too_high';

/** An accepted bid: the stored bid, the lot's new state and who led before. */
export interface PlacedBid {
  bid: Bid;
  item: { id: number; bid_amount: number; bid_count: number; min_next_bid: number; date_to: string | null };
  previousLeaderId: number | null;
  previousAmount: number | null;
  /** Soft close: the end time before this bid extended it (ISO), or null when it did not. */
  extendedFrom: string | null;
}

/** One bid asked for, in arrival order: the bidder, the lot and the amount (MWK). */
export interface ItemBidRequest {
  itemId: number;
  userId: number;
  amount: number;
}

/** The outcome of one bid of a batch: placed, or refused with the error to answer. */
export type BidOutcome = { ok: true; placed: PlacedBid } | { ok: false; error: AppError };

/** Settings a caller may fix instead of reading them with the row locks (tests). */
export interface PlaceBidsOptions {
  increment?: number;
  softCloseMinutes?: number;
  maxBidFactor?: number;
}

const reject = (status: number, reason: BidRejectReason, message: string, extra: Record<string, unknown> = {}) =>
  new AppError(
    status,
    status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'bid_rejected',
    message,
    status === 422 ? { amount: [message] } : undefined,
    {
      error: message,
      reason,
      ...extra,
    },
  );

/**
 * Command: places a batch of bids, on one lot or many, in arrival order, in the caller's
 * transaction. Locks the lots (id order), checks each bid against its lot's running state, then
 * stores every changed lot and accepted bid in one statement. The row locks make the database
 * decide races between processes; within the batch, order decides: a later bid that no longer
 * beats an earlier accepted one is refused as too low, and a later bid by the bidder an earlier
 * one made the leader is refused as already leading, exactly as if it came alone afterwards.
 * Each bid's actor is its bidder; `bid.placed` per accepted bid. The bids table is its log: the
 * batch's outbox row, written in the same statement as the bids (ids taken in advance with the
 * locks), names the bids; the relay makes their events again from them if needed.
 * Rules (spec/shopping.md §4-5, DESIGN.md "How a bid flows"): the lot exists; {@link bidRefusal}
 * (shared with the client's bid button: not a cash lot, open, before date_to, started); live lots
 * need an active registration for the lot's auction; the bidder is not the lot's current leader
 * (`leader_id`; fault-hardening review: no outbidding yourself); amount ≥ max(current bid,
 * starting amount) + increment (setting `auction_bid_increment`, minimum 1); amount ≤
 * {@link bidCeiling} (setting `max_bid_factor`, default 10, times that minimum; fault-hardening
 * review: one huge bid froze the lot for everyone). Soft close: a bid on an ONLINE auction
 * within the last `soft_close_minutes` (default 2) moves `date_to` to now + that many minutes.
 * The caller checks sign-in and the `place_bids` permission.
 * @returns one outcome per request, in order. Refusals are AppError 404/403/422 with
 *   `{error, reason}` (422s also `errors.amount`); a too-low bid's message contains 'less than
 *   current' and carries `min_next_bid`; a too-high one (MESSAGES.bidAboveCeiling) carries
 *   `min_next_bid` and `max_bid`; the leader's gets MESSAGES.alreadyHighestBidder.
 */
export async function placeBids(
  trx: Transaction<Database>,
  actor: Actor,
  requests: ItemBidRequest[],
  opts: PlaceBidsOptions = {},
): Promise<CommandOutcome<BidOutcome[]>> {
  if (requests.length === 0) return { result: [], events: [] };
  const locked = await lockItemsForBids(
    trx,
    requests.map((r) => r.itemId),
    { userIds: requests.map((r) => r.userId), bidCount: requests.length },
  );
  const items = new Map<number, LockedItem>(locked.items.map((r) => [r.id, { ...r }]));
  const now = locked.now;
  const increment = opts.increment ?? normaliseIncrement(locked.incrementSetting ?? 1);
  const softCloseSetting = Number(locked.softCloseSetting ?? 2);
  const softCloseMinutes = opts.softCloseMinutes ?? (Number.isFinite(softCloseSetting) && softCloseSetting > 0 ? softCloseSetting : 0);
  const maxBidFactor = normaliseBidFactor(opts.maxBidFactor ?? locked.maxBidFactorSetting);
  const liveItems = [...items.values()].filter((i) => i.kind === 'live');
  const liveIds = new Set(liveItems.map((i) => i.id));
  const registered = await findActiveRegistrations(
    trx,
    liveItems.map((i) => i.auction_type_id),
    requests.filter((r) => liveIds.has(r.itemId)).map((r) => r.userId),
  );
  const originalDateTo = new Map(locked.items.map((r) => [r.id, r.date_to]));

  type Accepted = {
    index: number;
    request: ItemBidRequest;
    previousLeaderId: number | null;
    previousAmount: number | null;
    minNext: number;
    count: number;
    dateTo: Date | null;
  };
  const accepted: Accepted[] = [];
  const outcomes: (BidOutcome | null)[] = requests.map((r, index) => {
    const item = items.get(r.itemId);
    if (!item) return { ok: false, error: reject(404, 'not_found', MESSAGES.itemNotFound) };
    const refusal = bidRefusal(item, now);
    if (refusal) return { ok: false, error: reject(422, refusal.reason, refusal.message) };
    if (item.kind === 'live' && !registered.has(`${item.auction_type_id}:${r.userId}`)) {
      return { ok: false, error: reject(403, 'not_subscribed', MESSAGES.notSubscribed(item.auction_name), { auction_type_id: item.auction_type_id }) };
    }
    // The running state: an earlier bid of this batch may have made this bidder the leader.
    if (item.leader_id === r.userId) return { ok: false, error: reject(422, 'already_leading', MESSAGES.alreadyHighestBidder) };
    const minimum = minimumNextBid(item.bid_amount, item.target_amount, increment);
    if (r.amount < minimum) {
      return {
        ok: false,
        error: reject(422, 'too_low', MESSAGES.bidLessThanCurrent(formatMK(minimum)), { min_next_bid: minimum, bid_amount: item.bid_amount }),
      };
    }
    const tooHigh = bidCeilingRefusal(r.amount, minimum, maxBidFactor);
    if (tooHigh) {
      return { ok: false, error: reject(422, 'too_high', tooHigh, { min_next_bid: minimum, max_bid: bidCeiling(minimum, maxBidFactor) }) };
    }
    const softCloseMs = item.kind === 'online' ? softCloseMinutes * 60_000 : 0;
    if (item.date_to && softCloseMs > 0 && item.date_to.getTime() - now < softCloseMs) item.date_to = new Date(now + softCloseMs);
    accepted.push({
      index,
      request: r,
      previousLeaderId: item.leader_id,
      previousAmount: item.bid_amount,
      minNext: minimumNextBid(r.amount, item.target_amount, increment),
      count: item.bid_count + 1,
      dateTo: item.date_to,
    });
    item.bid_amount = r.amount;
    item.leader_id = r.userId;
    item.bid_count++;
    return null;
  });
  if (accepted.length === 0) return { result: outcomes as BidOutcome[], events: [] };

  const changed = [...new Set(accepted.map((a) => a.request.itemId))].map((id) => items.get(id)!);
  const createdAt = new Date(now).toISOString();
  const events: DomainEvent[] = [];
  const committed: CommittedEvent[] = [];
  const toStore: BidToStore[] = [];
  accepted.forEach((a, n) => {
    const bidId = locked.bidIds[n];
    const userName = locked.names.get(a.request.userId) ?? null;
    const before = originalDateTo.get(a.request.itemId) ?? null;
    const extendedFrom = a.dateTo && before && a.dateTo.getTime() !== before.getTime() ? before.toISOString() : null;
    const dateTo = a.dateTo ? a.dateTo.toISOString() : null;
    toStore.push({ id: bidId, itemId: a.request.itemId, userId: a.request.userId, amount: a.request.amount });
    outcomes[a.index] = {
      ok: true,
      placed: {
        bid: { id: bidId, item_id: a.request.itemId, user_id: a.request.userId, bid_amount: a.request.amount, created_at: createdAt, user: { name: userName } },
        item: { id: a.request.itemId, bid_amount: a.request.amount, bid_count: a.count, min_next_bid: a.minNext, date_to: dateTo },
        previousLeaderId: a.previousLeaderId,
        previousAmount: a.previousAmount,
        extendedFrom,
      },
    };
    const event = bidPlacedEvent({
      item_id: a.request.itemId,
      bid_id: bidId,
      user_id: a.request.userId,
      user_name: userName,
      bid_amount: a.request.amount,
      created_at: createdAt,
      bid_count: a.count,
      min_next_bid: a.minNext,
      date_to: dateTo,
      previous_leader_id: a.previousLeaderId,
      previous_amount: a.previousAmount,
      extended_from: extendedFrom,
    });
    events.push(event);
    committed.push(committedBidEvent(event, actor));
  });
  // The bids are their own log: the outbox row, written in the statement that stores them, names them.
  const outboxId = await storeBids(trx, changed, toStore);
  return { result: outcomes as BidOutcome[], events, recorded: { committed, outboxId } };
}
