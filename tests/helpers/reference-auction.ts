import { incrementAt, minimumNextBid, type IncrementBand } from '@shared/rules/bidding.js';

/**
 * A deliberately naive model of maximum (proxy) bidding for the tests, written without the
 * engine's case analysis: it keeps every bidder's maximum and, after each accepted ask, ranks
 * them all from scratch (highest maximum; an earlier one on a tie), and prices the lot at one
 * increment above the runner-up, capped at the leader's maximum, never below what was already
 * bid (nor the asker's amount when they lead), then the reserve rule.
 * Source: issue "Bidding engine" (rules; proof against a reference model).
 */
export class ReferenceAuction {
  leader: number | null = null;
  price: number | null = null;
  private readonly maxima = new Map<number, { max: number; order: number }>();

  constructor(private readonly lot: { targetAmount: number; reservePrice: number | null; bands: IncrementBand[] | number }) {}

  /** One ask, `order` its arrival. @returns ok, or the refusal the rule must give. */
  ask(a: { userId: number; amount: number; maxAmount: number | null }, order: number): { ok: true } | { ok: false; reason: string } {
    const x = Math.max(a.amount, a.maxAmount ?? a.amount);
    if (this.leader === a.userId) {
      if (a.maxAmount == null) return { ok: false, reason: 'already_leading' };
      if (x <= Math.max(this.maxima.get(a.userId)!.max, this.price ?? 0)) return { ok: false, reason: 'max_not_higher' };
      this.maxima.set(a.userId, { max: x, order });
      this.price = this.reserve(this.price!, x);
      return { ok: true };
    }
    if (a.amount < minimumNextBid(this.price, this.lot.targetAmount, this.lot.bands)) return { ok: false, reason: 'too_low' };
    this.maxima.set(a.userId, { max: x, order });
    const ranked = [...this.maxima.entries()].map(([userId, m]) => ({ userId, ...m })).sort((p, q) => q.max - p.max || p.order - q.order);
    const [first, second] = ranked;
    let price = second ? Math.min(first.max, second.max + incrementAt(second.max, this.lot.bands)) : a.amount;
    if (first.userId === a.userId) price = Math.max(price, a.amount);
    price = Math.max(price, this.price ?? 0);
    this.leader = first.userId;
    this.price = this.reserve(price, first.max);
    return { ok: true };
  }

  private reserve(price: number, max: number): number {
    const r = this.lot.reservePrice;
    return r != null && max >= r && price < r ? r : price;
  }
}
