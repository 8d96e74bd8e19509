import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import type { JobScheduler } from './job-scheduler.js';

/**
 * What every job handler runs with: the database (the truth, read to find work), the command
 * runner (every change a job makes is a command; its events are published after the commit), a
 * logger and, for handlers that schedule follow-up jobs, the scheduler. The same handlers run in
 * BullMQ workers (workers/run-workers.ts) and in the embedded in-process scheduler.
 */
export interface JobDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  logger: Logger;
  jobs?: JobScheduler;
}
