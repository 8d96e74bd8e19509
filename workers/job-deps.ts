import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../server/db/types.js';
import type { JobScheduler } from '../server/jobs/job-scheduler.js';
import type { EventBus } from '../server/realtime/bus.js';

/**
 * What every job handler runs with: the database (the truth), the bus (domain events after the
 * commit), a logger and, for handlers that schedule follow-up jobs, the scheduler. The same
 * handlers run in BullMQ workers (workers/main.ts) and in the embedded in-process scheduler.
 */
export interface JobDeps {
  db: Kysely<Database>;
  bus: EventBus;
  logger: Logger;
  jobs?: JobScheduler;
}
