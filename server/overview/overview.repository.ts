import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** The operator's home figures the database holds (see `readOverview`). */
export interface OverviewFigures {
  open_lots: number;
  bids_last_hour: number;
  registrations_waiting: number;
  unpaid_count: number;
  unpaid_total: number;
  /** Bids per minute, minute start (ISO) → count, only minutes with bids. */
  minutes: { minute: Date; bids: number }[];
  now: Date;
}

/**
 * Reads the home's figures in one round trip: open auction lots (available, not closed, of a
 * published online or live sale, end ahead or unset), bids since an hour ago, pending
 * registrations, orders awaiting payment (count, total MWK), and the last hour's bids per
 * minute (through the BRIN index on `bids.created_at`).
 */
export async function readOverviewFigures(db: Kysely<Database>): Promise<OverviewFigures> {
  const { rows } = await sql<{
    open_lots: number;
    bids_last_hour: number;
    registrations_waiting: number;
    unpaid_count: number;
    unpaid_total: string | number | null;
    minutes: { minute: string; bids: number }[] | null;
    now: Date;
  }>`
    WITH recent AS (SELECT created_at FROM bids WHERE created_at > date_trunc('minute', now()) - interval '60 minutes')
    SELECT
      (SELECT count(*)::int FROM items i JOIN auction_types at ON at.id = i.auction_type_id
        WHERE i.status = 'available' AND i.closed_by IS NULL AND at.type IN ('online', 'live') AND at.published_at IS NOT NULL
          AND (i.date_to IS NULL OR i.date_to > now())) AS open_lots,
      (SELECT count(*)::int FROM recent WHERE created_at > now() - interval '1 hour') AS bids_last_hour,
      (SELECT count(*)::int FROM auction_subscriptions WHERE status = 'pending') AS registrations_waiting,
      (SELECT count(*)::int FROM orders WHERE status = 'awaiting_payment') AS unpaid_count,
      (SELECT coalesce(sum(amount_total), 0) FROM orders WHERE status = 'awaiting_payment') AS unpaid_total,
      (SELECT json_agg(json_build_object('minute', m, 'bids', n) ORDER BY m)
        FROM (SELECT date_trunc('minute', created_at) AS m, count(*)::int AS n FROM recent GROUP BY 1) per_minute) AS minutes,
      now() AS now`.execute(db);
  const r = rows[0]!;
  return {
    open_lots: Number(r.open_lots),
    bids_last_hour: Number(r.bids_last_hour),
    registrations_waiting: Number(r.registrations_waiting),
    unpaid_count: Number(r.unpaid_count),
    unpaid_total: Number(r.unpaid_total ?? 0),
    minutes: (r.minutes ?? []).map((m) => ({ minute: new Date(m.minute), bids: Number(m.bids) })),
    now: new Date(r.now),
  };
}
