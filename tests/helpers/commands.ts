import type { Kysely } from 'kysely';
import { pino } from 'pino';
import type { Database } from '../../server/db/types.js';
import { CommandRunner } from '../../server/events/command-runner.js';
import type { CommittedEvent } from '../../server/events/domain-events.js';
import { InProcessBus } from '../../server/realtime/bus.js';

/** A command runner over an in-process bus for tests, with every event it published. */
export function createTestRunner(db: Kysely<Database>): { runner: CommandRunner; bus: InProcessBus; events: CommittedEvent[] } {
  const bus = new InProcessBus();
  const events: CommittedEvent[] = [];
  bus.subscribe((e) => events.push(e));
  const runner = new CommandRunner({ db, bus, logger: pino({ level: 'silent' }) });
  return { runner, bus, events };
}
