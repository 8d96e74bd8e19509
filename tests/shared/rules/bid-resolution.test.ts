import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReserve, recomputeLot, resolveBid, type BidAsk, type LotBidState, type ResolvedBid } from '@shared/rules/bid-resolution.js';
import { incrementAt, minimumNextBid, normaliseBands, type IncrementBand } from '@shared/rules/bidding.js';
import { ReferenceAuction } from '../../helpers/reference-auction.js';

const A = 1;
const B = 2;
const fresh = (over: Partial<LotBidState> = {}): LotBidState => ({
  price: null,
  leaderId: null,
  leaderMax: null,
  targetAmount: 100,
  reservePrice: null,
  ...over,
});
const ask = (userId: number, amount: number, maxAmount: number | null = null): BidAsk => ({ userId, amount, maxAmount });

describe('increment bands (issue "Bidding engine": a table of {from, increment})', () => {
  const bands = normaliseBands([
    { from: 10_000, increment: 500 },
    { from: 1_000, increment: 100 },
  ]);
  it('when a table does not start at 0, then a band from 0 is added with the first increment, and bands are sorted', () => {
    expect(bands).toEqual([
      { from: 0, increment: 100 },
      { from: 1_000, increment: 100 },
      { from: 10_000, increment: 500 },
    ]);
  });
  it('when a price sits in a band, then its increment applies (a band starts at its own `from`)', () => {
    expect(incrementAt(9_999, bands)).toBe(100);
    expect(incrementAt(10_000, bands)).toBe(500);
    expect(minimumNextBid(10_000, 100, bands)).toBe(10_500);
    expect(minimumNextBid(null, 50, bands)).toBe(150);
  });
  it('when there is no table, then the flat spec increment is the one band', () => {
    expect(normaliseBands(25)).toEqual([{ from: 0, increment: 25 }]);
    expect(normaliseBands([])).toEqual([{ from: 0, increment: 1 }]);
    expect(minimumNextBid(200, 100, 25)).toBe(225);
  });
});

describe('resolveBid (issue "Bidding engine": maximum bids)', () => {
  it('when the first bid carries a maximum, then the bidder leads at their amount, not their maximum', () => {
    const r = resolveBid(fresh(), ask(A, 110, 1_000), 10);
    expect(r).toMatchObject({ ok: true, leading: true, bids: [{ userId: A, amount: 110, automatic: false }] });
    expect(r.ok && r.state).toMatchObject({ price: 110, leaderId: A, leaderMax: 1_000 });
  });
  it('when a newcomer bids below the leader’s maximum, then their bid is stored and the leader answers one increment above it', () => {
    const s = fresh({ price: 110, leaderId: A, leaderMax: 1_000 });
    const r = resolveBid(s, ask(B, 300), 10);
    expect(r).toMatchObject({
      ok: true,
      leading: false,
      bids: [
        { userId: B, amount: 300, automatic: false },
        { userId: A, amount: 310, automatic: true },
      ],
    });
    expect(r.ok && r.state.price).toBe(310);
  });
  it('when the answer would pass the leader’s maximum, then it stops at the maximum', () => {
    const r = resolveBid(fresh({ price: 110, leaderId: A, leaderMax: 305 }), ask(B, 300), 10);
    expect(r.ok && r.bids[1]).toEqual({ userId: A, amount: 305, automatic: true });
  });
  it('when a newcomer’s maximum passes the leader’s, then the newcomer leads one increment above the old maximum', () => {
    const r = resolveBid(fresh({ price: 110, leaderId: A, leaderMax: 1_000 }), ask(B, 120, 5_000), 10);
    expect(r).toMatchObject({ ok: true, leading: true, bids: [{ userId: B, amount: 1_010, automatic: false }] });
    expect(r.ok && r.state).toMatchObject({ leaderId: B, leaderMax: 5_000, price: 1_010 });
  });
  it('when the newcomer’s maximum is only a little above, then they lead at their maximum', () => {
    const r = resolveBid(fresh({ price: 110, leaderId: A, leaderMax: 1_000 }), ask(B, 120, 1_005), 10);
    expect(r.ok && r.state.price).toBe(1_005);
  });
  it('when a newcomer’s amount is above the proxy price, then they lead at their amount', () => {
    const r = resolveBid(fresh({ price: 110, leaderId: A, leaderMax: 200 }), ask(B, 600, 900), 10);
    expect(r.ok && r.state.price).toBe(600);
  });
  it('when two maximums are equal, then the earlier one wins at that maximum and the later bid is not stored', () => {
    const r = resolveBid(fresh({ price: 110, leaderId: A, leaderMax: 1_000 }), ask(B, 500, 1_000), 10);
    expect(r).toMatchObject({ ok: true, leading: false, bids: [{ userId: A, amount: 1_000, automatic: true }] });
    expect(r.ok && r.state).toMatchObject({ leaderId: A, price: 1_000 });
  });
  it('when the leader raises their maximum, then the price does not move; lowering it or bidding plainly is refused', () => {
    const s = fresh({ price: 110, leaderId: A, leaderMax: 1_000 });
    const up = resolveBid(s, ask(A, 120, 2_000), 10);
    expect(up).toMatchObject({ ok: true, leading: true, maxRaised: true, bids: [] });
    expect(up.ok && up.state).toMatchObject({ price: 110, leaderMax: 2_000 });
    expect(resolveBid(s, ask(A, 120, 900), 10)).toMatchObject({ ok: false, reason: 'max_not_higher' });
    expect(resolveBid(s, ask(A, 120, 1_000), 10)).toMatchObject({ ok: false, reason: 'max_not_higher' });
    expect(resolveBid(s, ask(A, 120), 10)).toMatchObject({ ok: false, reason: 'already_leading' });
  });
  it('when a bid is below the minimum next bid, then it is refused with that minimum', () => {
    expect(resolveBid(fresh({ price: 110, leaderId: A }), ask(B, 115, 900), 10)).toEqual({ ok: false, reason: 'too_low', minNext: 120 });
  });
  it('when a maximum reaches the reserve and the price is below it, then the price rises to the reserve', () => {
    const first = resolveBid(fresh({ reservePrice: 5_000 }), ask(A, 110, 6_000), 10);
    expect(first.ok && first.bids).toEqual([{ userId: A, amount: 5_000, automatic: false }]);
    const answer = resolveBid(fresh({ reservePrice: 5_000, price: 110, leaderId: A, leaderMax: 6_000 }), ask(B, 200), 10);
    expect(answer.ok && answer.bids[1]).toEqual({ userId: A, amount: 5_000, automatic: true });
    const raise = resolveBid(fresh({ reservePrice: 5_000, price: 110, leaderId: A, leaderMax: 200 }), ask(A, 0, 5_000), 10);
    expect(raise.ok && raise.bids).toEqual([{ userId: A, amount: 5_000, automatic: true }]);
    expect(applyReserve(100, 4_999, 5_000)).toBe(100);
  });
});

describe('recomputeLot (issue "Bidding engine": retraction)', () => {
  it('when the top bid is retracted, then the highest remaining maximum leads one increment above the next', () => {
    // A max 1,000 (bid 110), B 300, A auto 310: B's bid retracted, its auto answer with it.
    const r = recomputeLot([{ id: 1, userId: A, amount: 110 }], [{ userId: A, maxAmount: 1_000, order: 1 }], { targetAmount: 100, reservePrice: null }, 10);
    expect(r).toEqual({ state: { price: 110, leaderId: A, leaderMax: 1_000, targetAmount: 100, reservePrice: null }, bids: [] });
  });
  it('when a lower bidder still holds a maximum above the remaining top bid, then they take the lead automatically', () => {
    const r = recomputeLot(
      [
        { id: 1, userId: A, amount: 110 },
        { id: 2, userId: B, amount: 200 },
      ],
      [{ userId: A, maxAmount: 1_000, order: 1 }],
      { targetAmount: 100, reservePrice: null },
      10,
    );
    expect(r.bids).toEqual([{ userId: A, amount: 210, automatic: true }]);
    expect(r.state).toMatchObject({ leaderId: A, price: 210 });
  });
  it('when nothing remains, then the lot has no price and no leader', () => {
    expect(recomputeLot([], [], { targetAmount: 100, reservePrice: 50 }, 10).state).toMatchObject({ price: null, leaderId: null });
  });
});

/** Stored-bid invariants of the issue: strictly rising, the last is the price and its bidder leads. */
function checkStored(stored: ResolvedBid[], state: LotBidState, maxOf: Map<number, number>) {
  for (let i = 1; i < stored.length; i++) expect(stored[i].amount).toBeGreaterThan(stored[i - 1].amount);
  if (stored.length) {
    expect(state.price).toBe(stored.at(-1)!.amount);
    expect(state.leaderId).toBe(stored.at(-1)!.userId);
  }
  for (const b of stored) expect(b.amount).toBeLessThanOrEqual(Math.max(maxOf.get(b.userId) ?? 0, b.amount));
}

const arbBands = fc.oneof(
  fc.integer({ min: 1, max: 50 }),
  fc
    .array(fc.record({ from: fc.integer({ min: 0, max: 3_000 }), increment: fc.integer({ min: 1, max: 200 }) }), { minLength: 1, maxLength: 4 })
    .map((b) => normaliseBands(b)),
);
const arbAsk = fc.record({
  userId: fc.integer({ min: 1, max: 5 }),
  bump: fc.integer({ min: -20, max: 400 }),
  extra: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: null }),
});

describe('the rule against a brute-force reference model (fast-check)', () => {
  it('when random plain bids, maximums, ties and raises arrive, then leader, price and refusals match the model and every stored bid rises', () => {
    fc.assert(
      fc.property(
        arbBands,
        fc.option(fc.integer({ min: 100, max: 4_000 }), { nil: null }),
        fc.array(arbAsk, { minLength: 1, maxLength: 40 }),
        (bandsOrFlat: IncrementBand[] | number, reserve, asks) => {
          let state = fresh({ reservePrice: reserve });
          const model = new ReferenceAuction({ targetAmount: 100, reservePrice: reserve, bands: bandsOrFlat });
          const stored: ResolvedBid[] = [];
          const maxOf = new Map<number, number>();
          asks.forEach((a, i) => {
            // Bids near the minimum, sometimes below it; maximums sometimes equal to someone else's.
            const amount = Math.max(1, minimumNextBid(state.price, state.targetAmount, bandsOrFlat) + a.bump - 10);
            const maxAmount = a.extra == null ? null : amount + a.extra;
            const r = resolveBid(state, { userId: a.userId, amount, maxAmount }, bandsOrFlat);
            const m = model.ask({ userId: a.userId, amount, maxAmount }, i);
            expect(r.ok ? 'ok' : r.reason).toBe(m.ok ? 'ok' : m.reason);
            if (!r.ok) return;
            stored.push(...r.bids);
            state = r.state;
            maxOf.set(a.userId, Math.max(maxOf.get(a.userId) ?? 0, maxAmount ?? amount));
            expect({ leader: state.leaderId, price: state.price }).toEqual({ leader: model.leader, price: model.price });
            expect(r.leading).toBe(model.leader === a.userId);
            checkStored(stored, state, maxOf);
          });
        },
      ),
      { numRuns: 400 },
    );
  });
});
