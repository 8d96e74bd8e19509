import { ROOM_BIDDER_EMAIL } from '../live/live.repository.js';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AdminBiddersQuery } from '@shared/schemas/bidder.schema.js';
import type { Database } from '../db/types.js';

/** A user row as the bidder screens read it, with counts (money MWK). */
export interface BidderRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  email_verified_at: Date | null;
  blocked_at: Date | null;
  blocked_reason: string | null;
  blocked_by: number | null;
  blocked_by_name: string | null;
  bid_limit: number | null;
  created_at: Date;
  roles: string[];
  bids: number;
  leading: number;
  unpaid: number;
}

const rolesOf = (userId: Expression<number>) => sql<string[]>`coalesce((
  SELECT json_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${userId}), '[]'::json)`;

/** The users' page query with every column {@link BidderRow} has. */
function bidderQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('users as op', 'op.id', 'u.blocked_by')
    .select((eb) => [
      'u.id',
      'u.name',
      'u.email',
      'u.phone',
      'u.address',
      'u.email_verified_at',
      'u.blocked_at',
      'u.blocked_reason',
      'u.blocked_by',
      'op.name as blocked_by_name',
      'u.bid_limit',
      'u.created_at',
      rolesOf(eb.ref('u.id')).as('roles'),
      eb
        .selectFrom('bids')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('bids.user_id', '=', 'u.id')
        .as('bids'),
      eb
        .selectFrom('items')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('items.leader_id', '=', 'u.id')
        .where('items.status', '=', 'available')
        .as('leading'),
      eb
        .selectFrom('orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('orders.user_id', '=', 'u.id')
        .where('orders.status', '=', 'awaiting_payment')
        .as('unpaid'),
    ]);
}

const toRow = (r: Omit<BidderRow, 'bids' | 'leading' | 'unpaid'> & { bids: number | null; leading: number | null; unpaid: number | null }): BidderRow => ({
  ...r,
  bid_limit: r.bid_limit == null ? null : Number(r.bid_limit),
  bids: Number(r.bids ?? 0),
  leading: Number(r.leading ?? 0),
  unpaid: Number(r.unpaid ?? 0),
});

/**
 * One page of users (the live room's bidder aside, issue 15), newest account first, matching `search` (part of the name, e-mail or phone —
 * a phone's digits compared without spaces, a leading 0 or +265 —, the reference of one of their registrations, or the user id as `12` / `#12`; case-insensitive).
 * @returns the page's rows and the total that match.
 */
export async function listBidderRows(db: Kysely<Database>, query: AdminBiddersQuery): Promise<{ rows: BidderRow[]; total: number }> {
  const search = query.search?.trim() ?? '';
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // A phone number however it is written: 0991 234 567, +265 991 234 567 (the national part is compared).
  const digits = search.replace(/\D/g, '').replace(/^(265|0)/, '');
  const idMatch = /^#?\d{1,15}$/.test(search) ? Number(search.replace('#', '')) : null;
  const matches = sql<SqlBool>`(u.name ILIKE ${pattern} OR u.email ILIKE ${pattern} OR u.phone ILIKE ${pattern}
    OR (${digits.length >= 4} AND regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') LIKE ${`%${digits}%`})
    OR EXISTS (SELECT 1 FROM auction_subscriptions s WHERE s.user_id = u.id AND s.reference_number ILIKE ${pattern})
    OR u.id = ${idMatch ?? -1})`;
  const [rows, count] = await Promise.all([
    bidderQuery(db)
      .where(sql<string>`lower(u.email)`, '<>', ROOM_BIDDER_EMAIL)
      .$if(search !== '', (q) => q.where(matches))
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    db
      .selectFrom('users as u')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<string>`lower(u.email)`, '<>', ROOM_BIDDER_EMAIL)
      .$if(search !== '', (q) => q.where(matches))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), total: Number(count.n) };
}

/** One user with counts, or undefined. */
export async function findBidderRow(db: Kysely<Database>, id: number): Promise<BidderRow | undefined> {
  const row = await bidderQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/**
 * What a bidder is committed to now (MWK), as the bid path counts it against their limit: each
 * open lot they lead at the greater of its price and their maximum, plus their won orders
 * awaiting payment (server/bids/bids.repository.ts `lockItemsForBids`, issue 13 "Bidders").
 */
export async function findBidderCommitted(db: Kysely<Database>, userId: number): Promise<number> {
  const { rows } = await sql<{ committed: string | number | null }>`
    SELECT coalesce((SELECT sum(greatest(li.bid_amount, coalesce(mb.max_amount, 0))) FROM items li
        LEFT JOIN maximum_bids mb ON mb.item_id = li.id AND mb.user_id = ${userId}
        WHERE li.leader_id = ${userId} AND li.status = 'available'), 0)
      + coalesce((SELECT sum(o.amount_total) FROM orders o WHERE o.user_id = ${userId} AND o.source = 'auction' AND o.status = 'awaiting_payment'), 0) AS committed`.execute(
    db,
  );
  return Number(rows[0]?.committed ?? 0);
}

/** The bidder's registrations (live auctions, sales with a deposit), newest first. */
export async function listBidderRegistrations(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('auction_subscriptions as s')
    .innerJoin('auction_types as at', 'at.id', 's.auction_type_id')
    .select(['s.id', 's.auction_type_id', 'at.name as auction_name', 's.reference_number', 's.status', 's.created_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(50)
    .execute();
}

/** The bidder's last `limit` bids, newest first, with the lot's name and status and whether they lead it. */
export async function listBidderRecentBids(db: Kysely<Database>, userId: number, limit = 20) {
  return db
    .selectFrom('bids as b')
    .innerJoin('items as i', 'i.id', 'b.item_id')
    .select(['b.id', 'b.item_id', 'i.name as item_name', 'b.bid_amount', 'b.automatic', 'b.created_at', 'i.status as item_status'])
    .select(sql<boolean>`(i.leader_id = ${userId} AND i.status = 'available')`.as('leading'))
    .where('b.user_id', '=', userId)
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
}

/** Lots sold to the bidder (closed with them as winner), newest first, each with the latest order made for it. */
export async function listBidderWins(db: Kysely<Database>, userId: number, limit = 50) {
  return (
    db
      .selectFrom('items as i')
      // The lot's latest auction order (one row per lot even when an earlier order was cancelled).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('order_lines as ol')
            .innerJoin('orders', 'orders.id', 'ol.order_id')
            .select(['orders.id', 'orders.order_reference', 'orders.status'])
            .whereRef('ol.item_id', '=', 'i.id')
            .where('orders.source', '=', 'auction')
            .orderBy('orders.id', 'desc')
            .limit(1)
            .as('o'),
        (j) => j.onTrue(),
      )
      .select([
        'i.id as item_id',
        'i.name as item_name',
        'i.bid_amount',
        'i.date_to as closed_at',
        'o.id as order_id',
        'o.order_reference',
        'o.status as order_status',
      ])
      .where('i.closed_by', '=', userId)
      .where('i.status', '=', 'sold')
      .orderBy('i.date_to', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute()
  );
}

/** The bidder's orders not paid yet (awaiting payment, or a reservation), newest first. */
export async function listBidderUnpaidOrders(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_reference', 'source', 'status', 'amount_total', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['awaiting_payment', 'reserved', 'pending'])
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

/** Whether an operator blocked the user's bidding (issue 13 "Bidders"); false for an unknown user. */
export async function isBidderBlocked(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('blocked_at').where('id', '=', userId).executeTakeFirst();
  return row?.blocked_at != null;
}

/** A user's controls, locked (`FOR UPDATE`) for a change; undefined when there is no such user. */
export async function lockBidder(trx: Kysely<Database>, id: number) {
  return trx.selectFrom('users').select(['id', 'name', 'blocked_at', 'blocked_reason', 'bid_limit']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Blocks (`block` given: reason and operator) or unblocks (null) a user's bidding, now. */
export async function setBidderBlock(trx: Kysely<Database>, id: number, block: { reason: string; by: number } | null): Promise<void> {
  await trx
    .updateTable('users')
    .set(
      block
        ? { blocked_at: sql`now()`, blocked_reason: block.reason, blocked_by: block.by, updated_at: sql`now()` }
        : { blocked_at: null, blocked_reason: null, blocked_by: null, updated_at: sql`now()` },
    )
    .where('id', '=', id)
    .execute();
}

/** Sets a user's spending limit (whole MWK; null: none). */
export async function setBidderLimit(trx: Kysely<Database>, id: number, limit: number | null): Promise<void> {
  await trx
    .updateTable('users')
    .set({ bid_limit: limit, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Locks the role's row (`FOR UPDATE`): role changes of that role take turns to the commit, so a
 * count of its holders read afterwards stays true until then. @returns the role's id, or undefined.
 */
export async function lockRole(trx: Kysely<Database>, name: string): Promise<number | undefined> {
  const row = await trx.selectFrom('roles').select('id').where('name', '=', name).forUpdate().executeTakeFirst();
  return row?.id;
}

/** Who holds the role (user ids), read after {@link lockRole}. */
export async function listRoleHolders(trx: Kysely<Database>, roleId: number): Promise<number[]> {
  const rows = await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId).execute();
  return rows.map((r) => Number(r.user_id));
}

/** Gives the user the role (nothing when they hold it). */
export async function insertUserRole(trx: Kysely<Database>, userId: number, roleId: number): Promise<void> {
  await trx
    .insertInto('user_roles')
    .values({ user_id: userId, role_id: roleId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Takes the role from the user. */
export async function deleteUserRole(trx: Kysely<Database>, userId: number, roleId: number): Promise<void> {
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).where('role_id', '=', roleId).execute();
}
