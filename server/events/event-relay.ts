import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import type { CommandRunner } from './command-runner.js';
import type { CommittedEvent } from './domain-events.js';
import { claimStaleOutboxRows, deleteOutboxRows } from './event-log.repository.js';

/** What the relay runs with. */
export interface EventRelayDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  logger: Logger;
  /** Milliseconds between passes (default 2,000). */
  intervalMs?: number;
  /** An outbox row younger than this is left to the process that committed it (default 5,000 ms). */
  graceMs?: number;
  /** Makes the `bid.placed` events of stored bids again (a bid batch's outbox row names its bids). */
  rebuildBidEvents?: (db: Kysely<Database>, bidIds: number[]) => Promise<CommittedEvent[]>;
}

/** A running relay. */
export interface EventRelay {
  /** One pass now. @returns how many outbox rows it published. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Outbox rows taken in one pass. */
const BATCH = 100;

/**
 * Publishes committed events nobody published: a process that died between its commit and its
 * publish (or lost Redis then) leaves its outbox row behind. Every server and worker process
 * runs a relay; each pass locks the stale rows it takes (`SKIP LOCKED`, so two relays never take
 * the same row), publishes their events through the runner (bus, then after-commit reactions),
 * and deletes the rows in the same transaction. Delivery is at least once: consumers drop an
 * event id they have seen. The first pass runs at start-up.
 */
export function startEventRelay(deps: EventRelayDeps): EventRelay {
  let stopped = false;
  let running: Promise<number> | null = null;

  const pass = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const published = await deps.db.transaction().execute(async (trx) => {
        const rows = await claimStaleOutboxRows(trx, deps.graceMs ?? 5000, BATCH);
        const done: number[] = [];
        for (const row of rows) {
          const events = row.bidIds.length && deps.rebuildBidEvents ? [...row.events, ...(await deps.rebuildBidEvents(trx, row.bidIds))] : row.events;
          if (!(await deps.runner.publish(events))) break;
          await deps.runner.react(events);
          done.push(row.id);
        }
        await deleteOutboxRows(trx, done);
        return { done: done.length, full: rows.length === BATCH && done.length === rows.length };
      });
      total += published.done;
      if (published.done) deps.logger.warn({ rows: published.done }, 'relay published events left unpublished after their commit');
      if (!published.full || stopped) return total;
    }
  };

  const runOnce = (): Promise<number> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    runOnce().catch((err: unknown) => deps.logger.warn({ err }, 'event relay pass failed'));
  };
  const timer = setInterval(tick, deps.intervalMs ?? 2000);
  timer.unref();
  tick();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
    },
  };
}
