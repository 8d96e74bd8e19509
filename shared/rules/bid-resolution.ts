import { incrementAt, minimumNextBid, type IncrementBand } from './bidding.js';

/**
 * A lot's bidding state as the resolution sees it (amounts in whole MWK):
 * - `price`: the current bid, the highest stored bid (null: no bid yet);
 * - `leaderId`: who holds it (null: nobody);
 * - `leaderMax`: the leader's maximum (null, or below `price`: their bid is their maximum);
 * - `targetAmount`: the starting amount; `reservePrice`: the reserve (null: none).
 */
export interface LotBidState {
  price: number | null;
  leaderId: number | null;
  leaderMax: number | null;
  targetAmount: number;
  reservePrice: number | null;
}

/**
 * A bid asked for: the bidder, the amount they bid (MWK) and, optionally, the most they will
 * pay (`maxAmount` ≥ `amount`; null for a plain bid, whose maximum is its amount).
 */
export interface BidAsk {
  userId: number;
  amount: number;
  maxAmount: number | null;
}

/** A bid the resolution stores, in order: plain (the asker's) or automatic (made for a maximum). */
export interface ResolvedBid {
  userId: number;
  amount: number;
  automatic: boolean;
}

/** Why the resolution refused a bid. */
export type ResolutionRefusal = 'already_leading' | 'max_not_higher' | 'too_low';

/**
 * The outcome of one ask: the bids to store (each strictly above the one before; the last is
 * the new price), the lot's new state, and whether the asker leads afterwards; or a refusal with
 * the lot's minimum next bid.
 */
export type BidResolution =
  { ok: true; bids: ResolvedBid[]; state: LotBidState; leading: boolean; maxRaised: boolean } | { ok: false; reason: ResolutionRefusal; minNext: number };

/** The leader's maximum as it counts: their recorded maximum, never below the price. */
export function effectiveLeaderMax(state: LotBidState): number {
  return Math.max(state.leaderMax ?? 0, state.price ?? 0);
}

/**
 * The reserve rule: a leader whose maximum reaches the reserve pays at least the reserve.
 * @returns `price`, raised to `reservePrice` when `max` ≥ reserve > price.
 */
export function applyReserve(price: number, max: number, reservePrice: number | null): number {
  return reservePrice != null && max >= reservePrice && price < reservePrice ? reservePrice : price;
}

/**
 * Whether the reserve is met at `price`: true / false, or null when the lot has no reserve.
 * Source: issue "Bidding engine" (`reserve_met` on every item payload).
 */
export function reserveMet(price: number | null, reservePrice: number | null): boolean | null {
  if (reservePrice == null) return null;
  return price != null && price >= reservePrice;
}

/**
 * Resolves one ask against a lot (maximum / proxy bidding), a pure function used by the bid
 * command inside the per-lot sequencer and by the tests' reference checks. With M the leader's
 * maximum ({@link effectiveLeaderMax}) and X the asker's (`maxAmount`, else `amount`):
 * - the leader asking again: a plain bid is refused (`already_leading`); a maximum must be above
 *   M (`max_not_higher`, so lowering it is refused) and never raises the price, except that a
 *   maximum reaching the reserve lifts the price to it (an automatic bid);
 * - anyone else must bid at least the minimum next bid (`too_low`);
 * - no leader: the asker leads at their amount;
 * - X > M: the asker leads at min(X, M + increment(M)), never below their amount;
 * - X < M: the asker's bid is stored at X and the leader's automatic answer at
 *   min(M, X + increment(X));
 * - X = M: the earlier maximum wins: the leader's automatic bid at M; the asker's is not stored.
 * Then the reserve rule ({@link applyReserve}) with the leader's maximum. `bands` is the lot's
 * increment table or a flat increment.
 * Source: issue "Bidding engine: maximum (proxy) bids, increment bands, reserve met".
 */
export function resolveBid(state: LotBidState, ask: BidAsk, bands: readonly IncrementBand[] | number): BidResolution {
  const x = Math.max(ask.amount, ask.maxAmount ?? ask.amount);
  const reserve = state.reservePrice;
  const minNext = minimumNextBid(state.price, state.targetAmount, bands);
  if (state.leaderId != null && state.leaderId === ask.userId) {
    if (ask.maxAmount == null) return { ok: false, reason: 'already_leading', minNext };
    if (x <= effectiveLeaderMax(state)) return { ok: false, reason: 'max_not_higher', minNext };
    const price = state.price ?? ask.amount;
    const raised = applyReserve(price, x, reserve);
    return {
      ok: true,
      bids: raised > price ? [{ userId: ask.userId, amount: raised, automatic: true }] : [],
      state: { ...state, price: raised, leaderMax: x },
      leading: true,
      maxRaised: true,
    };
  }
  if (ask.amount < minNext) return { ok: false, reason: 'too_low', minNext };
  const lead = (price: number): BidResolution => ({
    ok: true,
    bids: [{ userId: ask.userId, amount: price, automatic: false }],
    state: { ...state, price, leaderId: ask.userId, leaderMax: x },
    leading: true,
    maxRaised: false,
  });
  if (state.leaderId == null) return lead(applyReserve(ask.amount, x, reserve));
  const m = effectiveLeaderMax(state);
  if (x > m) return lead(applyReserve(Math.max(ask.amount, Math.min(x, m + incrementAt(m, bands))), x, reserve));
  const leader = state.leaderId;
  if (x === m) {
    return {
      ok: true,
      bids: [{ userId: leader, amount: m, automatic: true }],
      state: { ...state, price: m, leaderMax: m },
      leading: false,
      maxRaised: false,
    };
  }
  const answer = applyReserve(Math.min(m, x + incrementAt(x, bands)), m, reserve);
  return {
    ok: true,
    bids: [
      { userId: ask.userId, amount: x, automatic: false },
      { userId: leader, amount: answer, automatic: true },
    ],
    state: { ...state, price: answer, leaderMax: m },
    leading: false,
    maxRaised: false,
  };
}

/** A bid still standing on a lot after a retraction: its bidder, amount and order (its id). */
export interface StandingBid {
  id: number;
  userId: number;
  amount: number;
}

/** A bidder's maximum still standing on a lot, with the order it was set in (earlier wins ties). */
export interface StandingMaximum {
  userId: number;
  maxAmount: number;
  order: number;
}

/**
 * A lot's state recomputed from the bids and maximums that remain after a retraction: the
 * highest remaining bid sets the price and its bidder leads; then, as if every remaining
 * maximum were asked again, the highest maximum (an earlier one on a tie; a bidder's own bids
 * count as their maximum) leads at one increment above the next highest, never below the price
 * and at most its own maximum, and the reserve rule applies. The leader's automatic bid is
 * stored when that changes the price or the leader. `bids` must be in id order.
 * @returns the new state and the automatic bid to store (none, or one).
 * Source: issue "Bidding engine" (retraction: price and leader recomputed from the remaining
 * bids and maximums).
 */
export function recomputeLot(
  bids: readonly StandingBid[],
  maxima: readonly StandingMaximum[],
  lot: { targetAmount: number; reservePrice: number | null },
  bands: readonly IncrementBand[] | number,
): { state: LotBidState; bids: ResolvedBid[] } {
  const empty: LotBidState = { price: null, leaderId: null, leaderMax: null, ...lot };
  if (bids.length === 0) return { state: empty, bids: [] };
  const top = bids.reduce((a, b) => (b.amount > a.amount || (b.amount === a.amount && b.id < a.id) ? b : a));
  // Each bidder's standing maximum: their recorded one or their highest remaining bid.
  const best = new Map<number, { max: number; order: number }>();
  for (const b of bids) {
    const had = best.get(b.userId);
    if (!had || b.amount > had.max) best.set(b.userId, { max: b.amount, order: b.id });
  }
  for (const m of maxima) {
    const had = best.get(m.userId);
    if (had && m.maxAmount > had.max) best.set(m.userId, { max: m.maxAmount, order: m.order });
  }
  const ranked = [...best.entries()]
    .map(([userId, v]) => ({ userId, ...v }))
    .sort((a, b) => b.max - a.max || a.order - b.order || (a.userId === top.userId ? -1 : b.userId === top.userId ? 1 : 0));
  const leader = ranked[0];
  const second = ranked[1];
  let price = second ? Math.max(top.amount, Math.min(leader.max, second.max + incrementAt(second.max, bands))) : top.amount;
  if (leader.userId !== top.userId && price <= top.amount) {
    // The leader-to-be can't bid above the standing top bid: the top bidder keeps the lead.
    const topMax = best.get(top.userId)!.max;
    const state = { ...lot, price: top.amount, leaderId: top.userId, leaderMax: topMax };
    const reserved = applyReserve(top.amount, topMax, lot.reservePrice);
    if (reserved > top.amount) return { state: { ...state, price: reserved }, bids: [{ userId: top.userId, amount: reserved, automatic: true }] };
    return { state, bids: [] };
  }
  price = applyReserve(price, leader.max, lot.reservePrice);
  const state: LotBidState = { ...lot, price, leaderId: leader.userId, leaderMax: leader.max };
  const changed = leader.userId !== top.userId || price > top.amount;
  return { state, bids: changed ? [{ userId: leader.userId, amount: price, automatic: true }] : [] };
}
