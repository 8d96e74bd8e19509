import type { Redis } from 'ioredis';

/**
 * Remembers used human-verification challenges so a solution is accepted once.
 * `claim(id, ttlSeconds)` resolves true the first time an id is claimed (until it expires),
 * false for a replay.
 */
export interface ReplayStore {
  claim(id: string, ttlSeconds: number): Promise<boolean>;
}

/** Key prefix of claimed challenges in Redis. */
const REDIS_PREFIX = 'gavel:captcha:used:';

/**
 * Redis replay store (`SET key 1 NX EX ttl`: atomic across every server process).
 * Used when `REDIS_URL` is set.
 */
export function createRedisReplayStore(redis: Redis): ReplayStore {
  return {
    async claim(id, ttlSeconds) {
      const ok = await redis.set(`${REDIS_PREFIX}${id}`, '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX');
      return ok === 'OK';
    },
  };
}

/**
 * In-process replay store for the embedded default (one process): a map of id → expiry (ms),
 * capped at `maxSize` entries; when full, expired entries go first, then the oldest.
 * A challenge's own expiry bounds how long its id must be kept.
 */
export function createMemoryReplayStore(maxSize = 50_000): ReplayStore {
  const used = new Map<string, number>();
  const prune = (now: number) => {
    for (const [id, until] of used) if (until <= now) used.delete(id);
    while (used.size >= maxSize) {
      const oldest = used.keys().next();
      if (oldest.done) break;
      used.delete(oldest.value);
    }
  };
  return {
    async claim(id, ttlSeconds) {
      const now = Date.now();
      const until = used.get(id);
      if (until !== undefined && until > now) return false;
      if (used.size >= maxSize) prune(now);
      used.set(id, now + ttlSeconds * 1000);
      return true;
    },
  };
}
