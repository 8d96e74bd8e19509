import { z } from 'zod';
import { dashboardBidSchema, dashboardStatsSchema, type DashboardBid, type DashboardStats } from '@shared/schemas/dashboard.schema';
import type { Pagination } from '@shared/schemas/watchlist.schema';

/** A row the dashboard shows: a valid entry, or a record too broken to show ('Invalid Bid Record'). */
export type BidRecord = { kind: 'bid'; bid: DashboardBid } | { kind: 'invalid'; key: string };

/** A parsed page of dashboard records: rows, how many were hidden for a missing item, pagination. */
export interface BidRecordPage {
  records: BidRecord[];
  hiddenMissingItem: number;
  pagination: Pagination;
}

const n = z.coerce.number();
const paginationSchema = z.object({
  current_page: n.catch(1),
  last_page: n.catch(1),
  per_page: n.catch(10),
  total: n.catch(0),
  from: n.nullable().catch(null),
  to: n.nullable().catch(null),
});

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Sorts raw dashboard records: a record whose `item` is missing is hidden and counted (the
 * page shows a count note); a record lacking required fields becomes an 'invalid' row (shown as
 * 'Invalid Bid Record - This bid is missing required information'); the rest are entries.
 * Source: spec/accounts-and-shell.md §2 "Bid card".
 */
export function classifyRecords(raw: unknown[]): { records: BidRecord[]; hiddenMissingItem: number } {
  const records: BidRecord[] = [];
  let hiddenMissingItem = 0;
  raw.forEach((r, i) => {
    if (isRecord(r) && r.item == null && (r.item_id != null || r.id != null)) {
      hiddenMissingItem++;
      return;
    }
    const parsed = dashboardBidSchema.safeParse(r);
    if (parsed.success) records.push({ kind: 'bid', bid: parsed.data });
    else records.push({ kind: 'invalid', key: `invalid-${i}-${isRecord(r) ? String(r.id ?? '') : ''}` });
  });
  return { records, hiddenMissingItem };
}

/**
 * Reads a paged list answer: `{data, current_page, …}` (our server), or an array, or `{data}`
 * with the pagination under `meta`/`pagination` (shapes the spec allows: "an array or an object
 * with data").
 */
export function parseRecordPage(body: unknown, perPage: number): BidRecordPage {
  const data: unknown[] = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const source = isRecord(body) ? (isRecord(body.meta) ? body.meta : isRecord(body.pagination) ? body.pagination : body) : {};
  const fallback: Pagination = { current_page: 1, last_page: 1, per_page: perPage, total: data.length, from: data.length ? 1 : null, to: data.length || null };
  const pg = paginationSchema.safeParse(source);
  const pagination = pg.success && isRecord(source) && 'total' in source ? pg.data : fallback;
  return { ...classifyRecords(data), pagination };
}

/** Reads stats; a missing field counts as 0. */
export function parseStats(body: unknown): DashboardStats {
  const src = isRecord(body) ? body : {};
  const out = {} as DashboardStats;
  for (const key of Object.keys(dashboardStatsSchema.shape) as (keyof DashboardStats)[]) {
    const v = Number(src[key]);
    out[key] = Number.isFinite(v) ? v : 0;
  }
  return out;
}
