import type { Transaction } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { bidRefusal } from '@shared/rules/bid-refusal.js';
import { BIDDING_MESSAGES } from '@shared/messages/bidding.js';
import { resolveBid, type LotBidState } from '@shared/rules/bid-resolution.js';
import { bidCeiling, bidCeilingRefusal, minimumNextBid, normaliseBidFactor, normaliseIncrement } from '@shared/rules/bidding.js';
import { formatMK } from '@shared/rules/money.js';
import { LIVE_MESSAGES } from '@shared/schemas/live-sale.schema.js';
import type { Bid } from '@shared/schemas/bid.schema.js';
import type { Database } from '../db/types.js';
import { bidPlacedEvent, type Actor, type CommandOutcome, type CommittedEvent, type DomainEvent, type EventPayloads } from '../events/domain-events.js';
import { committedBidEvent } from '../events/event-log.repository.js';
import { AppError } from '../http/app-error.js';
import {
  findActiveRegistrations,
  lockItemsForBids,
  storeBids,
  type AuditRowToStore,
  type BidToStore,
  type LockedItem,
  type MaximumToStore,
} from './bids.repository.js';
import { incrementTables } from './increments.repository.js';

/**
 * Why a bid was refused (also the label of the rejection metric): `too_high` is above the lot's
 * bid ceiling ({@link bidCeiling}), `already_leading` comes from the lot's current leader,
 * `rate_limited` from a bidder sending faster than the per-bidder limit (server/bids/bid-rate-limit.ts),
 * `suspended` from a bidder an operator blocked and `over_limit` from a bid above the bidder's
 * spending limit (issue 13 "Bidders").
 */
export type BidRejectReason =
  | 'not_found'
  | 'cash_item'
  | 'closed'
  | 'ended'
  | 'not_started'
  | 'not_subscribed'
  | 'already_leading'
  | 'max_not_higher'
  | 'too_low'
  | 'too_high'
  | 'rate_limited'
  | 'suspended'
  | 'over_limit'
  | 'on_block';

/**
 * An accepted ask: the asker's stored bid (null when their bid was not stored: a raised
 * maximum, or a maximum tied with an earlier one), the lot's new state, whether the asker leads,
 * and who led before.
 */
export interface PlacedBid {
  bid: Bid | null;
  item: { id: number; bid_amount: number; bid_count: number; min_next_bid: number; date_to: string | null };
  /** Whether the asker leads once the ask is resolved. */
  leading: boolean;
  /** The asker's standing maximum (MWK) when they set one, else null. Private to them. */
  maxAmount: number | null;
  /** What happened: a bid placed (leading or outbid at once), a tie lost, or a maximum raised. */
  outcome: 'placed' | 'tied' | 'raised';
  previousLeaderId: number | null;
  previousAmount: number | null;
  /** Soft close: the end time before this bid extended it (ISO), or null when it did not. */
  extendedFrom: string | null;
}

/** One bid asked for, in arrival order: the bidder, the lot, the amount and the optional maximum (MWK). */
export interface ItemBidRequest {
  itemId: number;
  userId: number;
  amount: number;
  maxAmount?: number | null;
}

/** The outcome of one bid of a batch: placed, or refused with the error to answer. */
export type BidOutcome = { ok: true; placed: PlacedBid } | { ok: false; error: AppError };

/** Settings a caller may fix instead of reading them with the row locks (tests). */
export interface PlaceBidsOptions {
  increment?: number;
  softCloseMinutes?: number;
  maxBidFactor?: number;
  /**
   * Bids on the lot on the block of a live sale a clerk runs (issue 15, server/live/): the lot's
   * dates are not checked (the clerk opens and hammers it) and the room bidder `roomBidderId` needs
   * no registration. Without it, a lot on the block is refused (`on_block`: bid in the live room).
   */
  clerk?: { roomBidderId: number };
}

const reject = (status: number, reason: BidRejectReason, message: string, extra: Record<string, unknown> = {}, field = 'amount') =>
  new AppError(
    status,
    status === 403 ? 'forbidden' : status === 404 ? 'not_found' : 'bid_rejected',
    message,
    status === 422 ? { [field]: [message] } : undefined,
    {
      error: message,
      reason,
      ...extra,
    },
  );

/** Statuses of a live room in which its lot on the block takes bids only through the room (issue 15). */
const LIVE_BLOCK_STATUSES: ReadonlySet<string> = new Set(['open', 'fair_warning', 'paused']);

/** Two bid ids are taken per ask: its own bid and an automatic answer. */
const IDS_PER_ASK = 2;

/**
 * Command: places a batch of bids, on one lot or many, in arrival order, in the caller's
 * transaction. Locks the lots (id order), resolves each ask against its lot's running state with
 * the shared rule {@link resolveBid} (maximum bids, increment bands, reserve), then stores every
 * changed lot, every stored bid (the asker's and automatic ones) and the bidders' maximums in
 * one statement. The row locks make the database decide races between processes; within the
 * batch, order decides, exactly as if each ask came alone afterwards.
 * Each stored bid's actor is its bidder; `bid.placed` per stored bid, in order; a maximum set or
 * raised is written to the audit trail only (`bid.maximum_set`, never published). The bids table
 * is its log: the batch's outbox row, written in the same statement as the bids (ids taken in
 * advance with the locks), names the bids; the relay makes their events again from them.
 * Rules (spec/shopping.md §4-5, DESIGN.md "How a bid flows", issue "Bidding engine"): the lot
 * exists and its sale is published (a draft's lots answer 404); {@link bidRefusal} (shared with
 * the client's bid button); lots of live sales and of sales that ask a deposit need an active
 * registration for the lot's auction (issue 13 "Sales"); the leader may only raise their maximum (a plain bid:
 * MESSAGES.alreadyHighestBidder; a maximum not above theirs: `max_not_higher`); a bidder an operator
 * blocked is refused (403 `suspended`, BIDDING_MESSAGES.biddingSuspended), and a bidder with a spending
 * limit may not end up committed above it (403 `over_limit`, naming the limit): their open leads, each
 * at the greater of its price and their maximum, plus their won orders awaiting payment, with this lot
 * counted as the ask would leave it (issue 13 "Bidders"); others bid at
 * least max(current bid, starting amount) + the increment at that price (the sale's bands, else
 * the global bands, else the setting `auction_bid_increment`), and at most {@link bidCeiling}
 * (setting `max_bid_factor`, default 10, times that minimum; a maximum may be higher). Soft
 * close: a stored bid on an ONLINE auction within the last soft-close minutes (the sale's own,
 * else the setting `soft_close_minutes`, default 2) moves `date_to` to now + that many minutes. The caller checks sign-in and `place_bids`.
 * @returns one outcome per request, in order. Refusals are AppError 404/403/422 with
 *   `{error, reason}` (422s also `errors.amount`, or `errors.max_amount` for a maximum not
 *   above the standing one); a too-low bid's message contains 'less than current' and carries
 *   `min_next_bid`; a too-high one (MESSAGES.bidAboveCeiling) carries `min_next_bid` and `max_bid`.
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
    { userIds: requests.map((r) => r.userId), bidCount: requests.length * IDS_PER_ASK },
  );
  const items = new Map<number, LockedItem>(locked.items.map((r) => [r.id, { ...r }]));
  const now = locked.now;
  const flatIncrement = opts.increment ?? normaliseIncrement(locked.incrementSetting ?? 1);
  const tables = incrementTables(opts.increment != null ? [] : locked.bands, flatIncrement);
  const softCloseSetting = Number(locked.softCloseSetting ?? 2);
  const softCloseMinutes = opts.softCloseMinutes ?? (Number.isFinite(softCloseSetting) && softCloseSetting > 0 ? softCloseSetting : 0);
  const maxBidFactor = normaliseBidFactor(opts.maxBidFactor ?? locked.maxBidFactorSetting);
  // Live sales, and sales that ask a deposit (issue 13 "Sales"), take bids from registered bidders only.
  const needsRegistration = (i: LockedItem) => i.kind === 'live' || i.deposit_required;
  const registeredOnly = [...items.values()].filter(needsRegistration);
  const registeredOnlyIds = new Set(registeredOnly.map((i) => i.id));
  const registered = await findActiveRegistrations(
    trx,
    registeredOnly.map((i) => i.auction_type_id),
    requests.filter((r) => registeredOnlyIds.has(r.itemId)).map((r) => r.userId),
  );
  const originalDateTo = new Map(locked.items.map((r) => [r.id, r.date_to]));
  const changedIds = new Set<number>();
  const createdAt = new Date(now).toISOString();
  const toStore: BidToStore[] = [];
  const maximums: MaximumToStore[] = [];
  const audit: AuditRowToStore[] = [];
  const events: DomainEvent[] = [];
  const committed: CommittedEvent[] = [];

  // What each limited bidder is committed to, kept up to date as the batch's bids are accepted.
  const exposure = new Map<number, number>([...locked.controls].filter(([, c]) => c.limit != null).map(([id, c]) => [id, c.exposure]));
  /** What the lot's leader is committed to on it: its price, or their maximum when higher. */
  const commitment = (price: number | null, max: number | null) => Math.max(price ?? 0, max ?? 0);

  const outcomes = requests.map((r, index): BidOutcome => {
    const item = items.get(r.itemId);
    if (!item || !item.published) return { ok: false, error: reject(404, 'not_found', MESSAGES.itemNotFound) };
    const controls = locked.controls.get(r.userId);
    if (controls?.blocked) return { ok: false, error: reject(403, 'suspended', BIDDING_MESSAGES.biddingSuspended) };
    if (!opts.clerk && item.live_status != null && LIVE_BLOCK_STATUSES.has(item.live_status)) {
      return { ok: false, error: reject(409, 'on_block', LIVE_MESSAGES.onTheBlock, { auction_type_id: item.auction_type_id }) };
    }
    const refusal = bidRefusal(opts.clerk ? { ...item, date_from: null, date_to: null } : item, now);
    if (refusal) return { ok: false, error: reject(422, refusal.reason, refusal.message) };
    const roomBid = opts.clerk != null && r.userId === opts.clerk.roomBidderId;
    if (!roomBid && needsRegistration(item) && !registered.has(`${item.auction_type_id}:${r.userId}`)) {
      return { ok: false, error: reject(403, 'not_subscribed', MESSAGES.notSubscribed(item.auction_name), { auction_type_id: item.auction_type_id }) };
    }
    const bands = tables.for(item.auction_type_id);
    const maxAmount = r.maxAmount ?? null;
    if (item.leader_id !== r.userId) {
      const minimum = minimumNextBid(item.bid_amount, item.target_amount, bands);
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
    }
    const state: LotBidState = {
      price: item.bid_amount,
      leaderId: item.leader_id,
      leaderMax: item.leader_max,
      targetAmount: item.target_amount,
      reservePrice: item.reserve_price,
    };
    const resolved = resolveBid(state, { userId: r.userId, amount: r.amount, maxAmount }, bands);
    if (!resolved.ok) {
      if (resolved.reason === 'already_leading') return { ok: false, error: reject(422, 'already_leading', MESSAGES.alreadyHighestBidder) };
      if (resolved.reason === 'max_not_higher') {
        const standing = formatMK(Math.max(item.leader_max ?? 0, item.bid_amount ?? 0));
        return { ok: false, error: reject(422, 'max_not_higher', BIDDING_MESSAGES.maximumNotHigher(standing), {}, 'max_amount') };
      }
      return {
        ok: false,
        error: reject(422, 'too_low', MESSAGES.bidLessThanCurrent(formatMK(resolved.minNext)), { min_next_bid: resolved.minNext, bid_amount: item.bid_amount }),
      };
    }
    // Spending limit (issue 13 "Bidders"): what the bidder would be committed to once this ask
    // is resolved (their other leads and unpaid wins, plus this lot if they lead it then).
    const committedBefore = commitment(item.bid_amount, item.leader_max);
    const limit = controls?.limit ?? null;
    if (limit != null) {
      const mine = exposure.get(r.userId) ?? 0;
      const held = item.leader_id === r.userId ? committedBefore : 0;
      const after = resolved.leading ? commitment(resolved.state.price, resolved.state.leaderMax) : 0;
      if (mine - held + after > limit) {
        return { ok: false, error: reject(403, 'over_limit', BIDDING_MESSAGES.overSpendingLimit(formatMK(limit)), { bid_limit: limit }) };
      }
    }
    if (item.leader_id != null && exposure.has(item.leader_id)) exposure.set(item.leader_id, exposure.get(item.leader_id)! - committedBefore);
    if (resolved.state.leaderId != null && exposure.has(resolved.state.leaderId)) {
      exposure.set(resolved.state.leaderId, exposure.get(resolved.state.leaderId)! + commitment(resolved.state.price, resolved.state.leaderMax));
    }
    const previousLeaderId = item.leader_id;
    const previousAmount = item.bid_amount;
    const ids = locked.bidIds.slice(index * IDS_PER_ASK, index * IDS_PER_ASK + IDS_PER_ASK);
    if (resolved.bids.length) {
      const softCloseMs = item.kind === 'online' ? (opts.softCloseMinutes ?? item.sale_soft_close_minutes ?? softCloseMinutes) * 60_000 : 0;
      if (item.date_to && softCloseMs > 0 && item.date_to.getTime() - now < softCloseMs) item.date_to = new Date(now + softCloseMs);
    }
    const before = originalDateTo.get(item.id) ?? null;
    const extendedFrom = item.date_to && before && item.date_to.getTime() !== before.getTime() ? before.toISOString() : null;
    const dateTo = item.date_to ? item.date_to.toISOString() : null;
    let own: Bid | null = null;
    let previous = { leader: item.leader_id, amount: item.bid_amount };
    resolved.bids.forEach((b, n) => {
      const id = ids[n];
      item.bid_count++;
      const userName = locked.names.get(b.userId) ?? null;
      const ownMax = !b.automatic && maxAmount != null && maxAmount > b.amount ? maxAmount : null;
      toStore.push({ id, itemId: item.id, userId: b.userId, amount: b.amount, automatic: b.automatic, maxAmount: ownMax });
      const bid: Bid = {
        id,
        item_id: item.id,
        user_id: b.userId,
        bid_amount: b.amount,
        created_at: createdAt,
        user: { name: userName },
        automatic: b.automatic,
      };
      if (b.userId === r.userId && !b.automatic) own = bid;
      const event = bidPlacedEvent({
        item_id: item.id,
        bid_id: id,
        user_id: b.userId,
        user_name: userName,
        bid_amount: b.amount,
        created_at: createdAt,
        bid_count: item.bid_count,
        min_next_bid: minimumNextBid(b.amount, item.target_amount, bands),
        date_to: dateTo,
        previous_leader_id: previous.leader,
        previous_amount: previous.amount,
        extended_from: n === 0 ? extendedFrom : null,
        automatic: b.automatic,
        leader_id: resolved.state.leaderId!,
      });
      events.push(event);
      committed.push(committedBidEvent(event, actor));
      previous = { leader: b.userId, amount: b.amount };
    });
    // An accepted ask carrying a maximum records it. A plain bid's maximum is its amount, which
    // the bids already hold: a recorded maximum below a later bid of the same bidder counts for
    // nothing (effectiveLeaderMax, recomputeLot), so plain bids write no maximum row.
    if (maxAmount != null) maximums.push({ itemId: item.id, userId: r.userId, maxAmount: Math.max(maxAmount, r.amount), order: ids[0] });
    item.bid_amount = resolved.state.price;
    item.leader_id = resolved.state.leaderId;
    item.leader_max = resolved.state.leaderMax;
    changedIds.add(item.id);
    const price = item.bid_amount ?? 0;
    const outcome = resolved.maxRaised ? 'raised' : resolved.bids.some((b) => b.userId === r.userId && !b.automatic) ? 'placed' : 'tied';
    if (maxAmount != null) {
      const payload: EventPayloads['bid.maximum_set'] = { item_id: item.id, user_id: r.userId, max_amount: maxAmount, outcome, leading: resolved.leading };
      audit.push({ type: 'bid.maximum_set', itemId: item.id, userId: r.userId, payload });
    }
    return {
      ok: true,
      placed: {
        bid: own,
        item: { id: item.id, bid_amount: price, bid_count: item.bid_count, min_next_bid: minimumNextBid(price, item.target_amount, bands), date_to: dateTo },
        leading: resolved.leading,
        maxAmount: maxAmount != null && (resolved.leading || resolved.maxRaised) ? maxAmount : null,
        outcome,
        previousLeaderId,
        previousAmount,
        extendedFrom,
      },
    };
  });
  if (changedIds.size === 0) return { result: outcomes, events: [] };
  const changed = [...changedIds].map((id) => items.get(id)!);
  // The bids are their own log: the outbox row, written in the statement that stores them, names them.
  const outboxId = await storeBids(trx, changed, toStore, maximums, audit);
  return { result: outcomes, events, recorded: { committed, outboxId } };
}
