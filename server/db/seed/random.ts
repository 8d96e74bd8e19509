/**
 * A small deterministic random source for the seed, so the same `now` gives the same catalogue
 * (handy when a test or a screenshot expects a given lot).
 */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability `p` (0..1). */
  chance(p: number): boolean;
  /** A shuffled copy of `list` (Fisher–Yates). */
  shuffle<T>(list: readonly T[]): T[];
}

/**
 * Creates a seeded generator (mulberry32). `seed` is any 32-bit integer; equal seeds give
 * equal sequences.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    shuffle: <T>(list: readonly T[]): T[] => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

/**
 * Rounds a MWK amount to a "price tag" step: MK 5,000 under 100k, 10,000 under 1M, 50,000 under
 * 10M, 500,000 under 100M, otherwise 1,000,000. Never returns less than one step.
 */
export function nicePrice(amount: number): number {
  const step = amount < 100_000 ? 5_000 : amount < 1_000_000 ? 10_000 : amount < 10_000_000 ? 50_000 : amount < 100_000_000 ? 500_000 : 1_000_000;
  return Math.max(step, Math.round(amount / step) * step);
}
