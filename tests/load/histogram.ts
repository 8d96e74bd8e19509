/**
 * A fixed-memory latency histogram: 0.1 ms buckets up to 60 s (600,000 counters), exact
 * count, min, max and mean; percentiles to 0.1 ms. Values are milliseconds.
 */
export class LatencyHistogram {
  private readonly buckets = new Uint32Array(600_001);
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = 0;

  /** Records one latency in milliseconds (negative values count as 0). */
  record(ms: number): void {
    const v = Math.max(0, ms);
    this.buckets[Math.min(this.buckets.length - 1, Math.round(v * 10))]++;
    this.count++;
    this.sum += v;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  /** The p-th percentile (0-100) in milliseconds; 0 when empty. */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i];
      if (seen >= rank) return i / 10;
    }
    return this.max;
  }

  /** Summary: count, p50, p95, p99, max and mean, in milliseconds rounded to 0.1. */
  summary() {
    const r = (v: number) => Math.round(v * 10) / 10;
    return {
      count: this.count,
      p50: r(this.percentile(50)),
      p95: r(this.percentile(95)),
      p99: r(this.percentile(99)),
      max: r(this.count ? this.max : 0),
      mean: r(this.count ? this.sum / this.count : 0),
    };
  }

  /** The histogram's state, to send to another thread. */
  exportState(): { buckets: Uint32Array; count: number; sum: number; min: number; max: number } {
    return { buckets: this.buckets, count: this.count, sum: this.sum, min: this.min, max: this.max };
  }

  /** Adds another histogram's state (from {@link exportState}) into this one. */
  merge(state: { buckets: Uint32Array; count: number; sum: number; min: number; max: number }): void {
    for (let i = 0; i < state.buckets.length; i++) this.buckets[i] += state.buckets[i];
    this.count += state.count;
    this.sum += state.sum;
    this.min = Math.min(this.min, state.min);
    this.max = Math.max(this.max, state.max);
  }
}
