import { AppError } from '../http/app-error.js';

/** The answer to a bidder sending faster than {@link BidRateLimiter} allows. */
export const BID_RATE_LIMITED_MESSAGE = 'You are bidding too fast. Please wait a moment and try again.';

/**
 * Bids per bidder per second, a token bucket per user id in this process: `perSecond` sustained,
 * bursts up to `burst`. Kept in memory on the hot path (no round trip): with N server processes
 * a bidder spread over all of them gets at most N times the rate. `perSecond` 0 turns it off.
 * Source: issue 18 (rate limits on bids per bidder; generous, since the load tool sends
 * thousands of bids a second from many bidders).
 */
export class BidRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst = Math.max(1, perSecond * 2),
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes one bid from `userId`'s bucket.
   * @throws AppError 429 `{message, error, reason: 'rate_limited', retry_after_ms}` when it is empty.
   */
  take(userId: number): void {
    if (this.perSecond <= 0) return;
    const now = this.now();
    const bucket = this.buckets.get(userId) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(userId, bucket);
      const retryAfterMs = Math.ceil(((1 - bucket.tokens) / this.perSecond) * 1000);
      throw new AppError(429, 'rate_limited', BID_RATE_LIMITED_MESSAGE, undefined, {
        error: BID_RATE_LIMITED_MESSAGE,
        reason: 'rate_limited',
        retry_after_ms: retryAfterMs,
      });
    }
    bucket.tokens -= 1;
    this.buckets.set(userId, bucket);
    if (this.buckets.size > 50_000) this.forgetFull(now);
  }

  /** Drops buckets that have refilled (they hold nothing a fresh bucket wouldn't). */
  private forgetFull(now: number): void {
    for (const [id, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(id);
  }
}
