import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/types.js';
import type { EventBus } from '../realtime/bus.js';
import { CommandRunner } from './command-runner.js';
import { startEventRelay, type EventRelay, type EventRelayDeps } from './event-relay.js';

/** A process's command runner and event relay. */
export interface EventSpine {
  runner: CommandRunner;
  relay: EventRelay;
  /** Stops the relay and deletes the published outbox rows still pending. */
  close(): Promise<void>;
}

/**
 * Starts what follows every commit in this process (server or worker): the {@link CommandRunner}
 * over `bus`, and the relay (every `EVENT_RELAY_INTERVAL_MS`, rows older than
 * `EVENT_RELAY_GRACE_MS`). With NODE_ENV=test and `TEST_CRASH_AFTER_COMMIT=<event type>`, the
 * process kills itself between the commit of such an event and its publish (a test of the relay).
 * After-commit reactions (job scheduling) are added by the caller once its scheduler exists.
 */
export function startEventSpine(deps: {
  db: Kysely<Database>;
  bus: EventBus;
  logger: Logger;
  config: Config;
  /** Makes the events of stored bids again for the relay (bids are their own log). */
  rebuildBidEvents?: EventRelayDeps['rebuildBidEvents'];
}): EventSpine {
  const crashOn = deps.config.NODE_ENV === 'test' ? deps.config.TEST_CRASH_AFTER_COMMIT : undefined;
  const runner = new CommandRunner({
    db: deps.db,
    bus: deps.bus,
    logger: deps.logger,
    onCommitted: crashOn
      ? (events) => {
          if (events.some((e) => e.type === crashOn)) process.kill(process.pid, 'SIGKILL');
        }
      : undefined,
  });
  const relay = startEventRelay({
    db: deps.db,
    runner,
    logger: deps.logger,
    intervalMs: deps.config.EVENT_RELAY_INTERVAL_MS,
    graceMs: deps.config.EVENT_RELAY_GRACE_MS,
    rebuildBidEvents: deps.rebuildBidEvents,
  });
  return {
    runner,
    relay,
    close: async () => {
      await relay.stop();
      await runner.close();
    },
  };
}
