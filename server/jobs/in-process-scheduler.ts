import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { closeAuction, findDueAuctions } from '../auctions/close-auction.service.js';
import type { Database } from '../db/types.js';
import type { EventBus } from '../realtime/bus.js';

/**
 * The embedded default's scheduler (no Redis): every `intervalMs` it closes the auctions whose
 * end time has passed and publishes `auction.closed`. The same handler the workers run; a
 * sweep rather than per-item timers, so nothing is lost across restarts.
 * @returns a function that stops it (waits for a sweep in hand).
 */
export function startInProcessScheduler(deps: { db: Kysely<Database>; bus: EventBus; logger: Logger; intervalMs?: number }): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = async () => {
    for (const id of await findDueAuctions(deps.db)) {
      if (stopped) return;
      const closed = await closeAuction(deps.db, id);
      if (closed) {
        deps.logger.info({ item_id: id, status: closed.status, winner: closed.closed_by }, 'auction closed');
        await deps.bus.publish({ type: 'auction.closed', payload: closed });
      }
    }
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = sweep()
      .catch((err) => deps.logger.error({ err }, 'auction close sweep failed'))
      .finally(() => {
        running = null;
      });
  }, deps.intervalMs ?? 1000);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
