import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Overview } from '@shared/schemas/overview.schema.js';
import type { Database } from '../db/types.js';
import { InProcessJobScheduler } from '../jobs/in-process-scheduler.js';
import type { JobScheduler } from '../jobs/job-scheduler.js';
import { readOverviewFigures } from './overview.repository.js';

/** What the home's figures are read from: the database, and the job queues or scheduler. */
export interface OverviewDeps {
  db: Kysely<Database>;
  /** BullMQ queues (scale-out mode); null/absent in the embedded mode. */
  queues?: Queue[] | null;
  jobs?: JobScheduler;
}

const MINUTE = 60_000;

/** Failed jobs as the home shows them: BullMQ's failed count, the in-process scheduler's failed runs, or unknown. */
async function failedJobs(deps: OverviewDeps): Promise<Overview['failed_jobs']> {
  if (deps.queues && deps.queues.length) {
    try {
      const counts = await Promise.all(deps.queues.map((q) => q.getJobCounts('failed')));
      return { count: counts.reduce((n, c) => n + (c.failed ?? 0), 0), mode: 'bullmq', note: 'Failed jobs kept by BullMQ, all queues (see /admin/queues).' };
    } catch {
      return { count: null, mode: 'bullmq', note: 'Redis did not answer: the count of failed jobs is not known just now.' };
    }
  }
  if (deps.jobs instanceof InProcessJobScheduler) {
    return {
      count: deps.jobs.failedRuns,
      mode: 'in-process',
      note: 'Embedded mode: jobs run in-process, each sweep retries what failed. Runs that failed since this server started; details are in the server log.',
    };
  }
  return { count: null, mode: 'unknown', note: 'No job scheduler runs in this process.' };
}

/**
 * `GET /api/admin/overview`: the operator's home (see `overviewSchema`): open lots, bids in the
 * last hour, registrations waiting, orders awaiting payment, failed jobs, and bids per minute for
 * the last 60 minutes and the current one (zeros filled in), all read at the database clock.
 * Source: issue 13 "An operator's home".
 */
export async function getOverview(deps: OverviewDeps): Promise<Overview> {
  const [figures, failed] = await Promise.all([readOverviewFigures(deps.db), failedJobs(deps)]);
  const counts = new Map(figures.minutes.map((m) => [m.minute.getTime(), m.bids]));
  const current = Math.floor(figures.now.getTime() / MINUTE) * MINUTE;
  const bids_per_minute = Array.from({ length: 61 }, (_, i) => {
    const t = current - (60 - i) * MINUTE;
    return { minute: new Date(t).toISOString(), bids: counts.get(t) ?? 0 };
  });
  return {
    open_lots: figures.open_lots,
    bids_last_hour: figures.bids_last_hour,
    registrations_waiting: figures.registrations_waiting,
    unpaid: { count: figures.unpaid_count, total: figures.unpaid_total },
    failed_jobs: failed,
    bids_per_minute,
    generated_at: figures.now.toISOString(),
  };
}
