import type { Redis } from 'ioredis';

/** The Redis tests use: `REDIS_URL`, else the local service. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Deletes every key starting with `prefix` (a test run's queues, Socket.IO stream and sessions),
 * so runs leave nothing behind in a shared Redis. Answers how many keys went.
 */
export async function deleteKeysWithPrefix(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}
