import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

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
 * In-process replay store for the embedded default (one process): an `lru-cache` of claimed ids,
 * each kept for its challenge's remaining life (`ttlSeconds`, which bounds how long it must be
 * remembered), at most `maxSize` ids (past it the least recently claimed goes first).
 */
export function createMemoryReplayStore(maxSize = 50_000): ReplayStore {
  const used = new LRUCache<string, true>({ max: maxSize, perf: { now: () => Date.now() } });
  return {
    async claim(id, ttlSeconds) {
      if (used.has(id)) return false;
      used.set(id, true, { ttl: Math.max(1, ttlSeconds * 1000) });
      return true;
    },
  };
}
