import { z } from 'zod';

/** Bids stored in one minute (`minute`: its start, ISO 8601 UTC). */
export const bidsPerMinuteSchema = z.object({ minute: z.string(), bids: z.number().int() });

/**
 * Answer of `GET /api/admin/overview`, the operator's home (issue 13 "An operator's home"):
 * `open_lots` (online and live lots of published sales taking bids now, or not yet started),
 * `bids_last_hour`, `registrations_waiting` (pending live-auction / deposit registrations),
 * `unpaid` (orders awaiting payment, and their total in MWK), `failed_jobs` (BullMQ's failed jobs
 * when Redis runs the queues; in the embedded mode the in-process scheduler's failed runs since the
 * server started; `count` null when unknown, `note` says which), and `bids_per_minute`: the last
 * 60 whole minutes and the current one, oldest first, zeros included. `generated_at`: the
 * database clock.
 */
export const overviewSchema = z.object({
  open_lots: z.number().int(),
  bids_last_hour: z.number().int(),
  registrations_waiting: z.number().int(),
  unpaid: z.object({ count: z.number().int(), total: z.number() }),
  failed_jobs: z.object({ count: z.number().int().nullable(), mode: z.enum(['bullmq', 'in-process', 'unknown']), note: z.string() }),
  bids_per_minute: z.array(bidsPerMinuteSchema),
  generated_at: z.string(),
});
/** Parsed {@link overviewSchema}. */
export type Overview = z.infer<typeof overviewSchema>;
