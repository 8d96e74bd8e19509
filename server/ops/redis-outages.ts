import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Socket-level failures of a Redis connection (refused, reset, unreachable, unresolvable). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when `err` is a Redis connection failing rather than a command going wrong: a refused,
 * reset or unreachable socket, ioredis's 'Connection is closed.', or its
 * `MaxRetriesPerRequestError` (a command given up on while disconnected). BullMQ queues and
 * workers re-emit these from the connections they share with the process; the process's
 * {@link RedisOutageLog} reports the outage itself. Part of the fault hardening of Redis use.
 */
export function isRedisConnectionError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, name } = err as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  return typeof message === 'string' && (message.startsWith('Connection is closed') || message.startsWith("Stream isn't writeable"));
}

/**
 * Listener for the `error` event of a BullMQ `Queue` or `Worker`: connection failures are left
 * to the {@link RedisOutageLog} of the connection (logged once per outage); anything else is
 * logged as an error with `fields` (e.g. `{queue}`), each time. Part of the fault hardening of
 * Redis use: without a listener a Queue prints every retry to stderr.
 */
export function logRedisClientErrors(logger: Logger, fields: Record<string, unknown>, message: string): (err: Error) => void {
  return (err) => {
    if (!isRedisConnectionError(err)) logger.error({ err, ...fields }, message);
  };
}

/** Reports a process's Redis outages: one line when the first connection fails, one when all are back. */
export interface RedisOutageLog {
  /** Gives `redis` its `error` and `ready` listeners (call right after creating it); answers it. */
  watch(redis: Redis, name: string): Redis;
}

/**
 * The Redis outage log of one process. Every watched ioredis connection gets an `error`
 * listener, so ioredis never prints "[ioredis] Unhandled error event" to stderr on each
 * reconnect attempt, and a `ready` listener. The first error while every connection was up logs
 * one warning `Redis unreachable: retrying in the background` (with the connection's name and
 * the error); further errors of any watched connection are not logged; when every failed
 * connection is ready again, one `Redis reachable again` line with the outage's length in ms.
 * So an outage of any length costs two lines per process, whatever the retry rate.
 * Part of the fault hardening of Redis use.
 */
export function createRedisOutageLog(logger: Logger): RedisOutageLog {
  const down = new Set<Redis>();
  let since = 0;
  const watch = (redis: Redis, name: string) => {
    redis.on('error', (err: Error & { code?: string }) => {
      if (down.has(redis)) return;
      if (down.size === 0) {
        since = Date.now();
        logger.warn({ connection: name, message: err.message, code: err.code }, 'Redis unreachable: retrying in the background');
      }
      down.add(redis);
    });
    redis.on('ready', () => {
      if (!down.delete(redis) || down.size > 0) return;
      logger.info({ connection: name, outage_ms: Date.now() - since }, 'Redis reachable again');
    });
    // A connection closed on purpose (shutdown) no longer counts.
    redis.on('end', () => down.delete(redis));
    return redis;
  };
  return { watch };
}
