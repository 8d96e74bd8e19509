import type { Kysely } from 'kysely';
import type { AdminBiddersQuery, BidderDetail, BidderPage, BidderSummary } from '@shared/schemas/bidder.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { pageInfo } from '../http/pagination.js';
import {
  findBidderCommitted,
  findBidderRow,
  listBidderRecentBids,
  listBidderRegistrations,
  listBidderRows,
  listBidderUnpaidOrders,
  listBidderWins,
  type BidderRow,
} from './bidders.repository.js';

/** The 404 message of an unknown user id. */
export const BIDDER_NOT_FOUND = 'User not found';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A user row as the bidder list shows it (times ISO 8601, money MWK). */
export function bidderRowToSummary(r: BidderRow): BidderSummary {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    roles: r.roles,
    blocked_at: iso(r.blocked_at),
    bid_limit: r.bid_limit,
    bids: r.bids,
    leading: r.leading,
    unpaid: r.unpaid,
    created_at: iso(r.created_at)!,
  };
}

/**
 * `GET /api/admin/users`: one page of users matching the query (see `listBidderRows`), newest
 * account first, with the spec's pagination fields under `meta`. Source: issue 13 "Bidders".
 */
export async function listBidders(db: Kysely<Database>, query: AdminBiddersQuery): Promise<BidderPage> {
  const { rows, total } = await listBidderRows(db, query);
  return { data: rows.map(bidderRowToSummary), meta: pageInfo(total, query.page, query.per_page, rows.length) };
}

/** One user as the bidder list shows them. @throws AppError 404 'User not found'. */
export async function getBidderSummary(db: Kysely<Database>, id: number): Promise<BidderSummary> {
  const row = await findBidderRow(db, id);
  if (!row) throw AppError.notFound(BIDDER_NOT_FOUND);
  return bidderRowToSummary(row);
}

/**
 * `GET /api/admin/users/{id}`: the bidder's page (see `bidderDetailSchema`): profile, roles,
 * block, limit and what counts against it, registrations, last 20 bids, wins, unpaid orders and
 * the addresses of their audit history. @throws AppError 404 'User not found'.
 * Source: issue 13 "Bidders".
 */
export async function getBidderDetail(db: Kysely<Database>, id: number): Promise<BidderDetail> {
  const row = await findBidderRow(db, id);
  if (!row) throw AppError.notFound(BIDDER_NOT_FOUND);
  const [committed, registrations, bids, wins, unpaid] = await Promise.all([
    findBidderCommitted(db, id),
    listBidderRegistrations(db, id),
    listBidderRecentBids(db, id),
    listBidderWins(db, id),
    listBidderUnpaidOrders(db, id),
  ]);
  return {
    data: {
      ...bidderRowToSummary(row),
      address: row.address,
      email_verified_at: iso(row.email_verified_at),
      blocked_reason: row.blocked_reason,
      blocked_by: row.blocked_by != null ? { id: row.blocked_by, name: row.blocked_by_name ?? `User #${row.blocked_by}` } : null,
      committed,
    },
    registrations: registrations.map((r) => ({ ...r, id: Number(r.id), auction_type_id: Number(r.auction_type_id), created_at: iso(r.created_at)! })),
    recent_bids: bids.map((b) => ({
      ...b,
      id: Number(b.id),
      item_id: Number(b.item_id),
      bid_amount: Number(b.bid_amount),
      created_at: iso(b.created_at)!,
      leading: b.leading === true,
    })),
    wins: wins.map((w) => ({
      ...w,
      item_id: Number(w.item_id),
      bid_amount: w.bid_amount == null ? null : Number(w.bid_amount),
      closed_at: iso(w.closed_at),
      order_id: w.order_id == null ? null : Number(w.order_id),
    })),
    unpaid_orders: unpaid.map((o) => ({ ...o, id: Number(o.id), amount_total: Number(o.amount_total), created_at: iso(o.created_at)! })),
    audit: { about: `/admin/audit?subject_type=user&subject_id=${id}`, by: `/admin/audit?actor_id=${id}` },
  };
}
