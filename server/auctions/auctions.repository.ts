import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Whether the lot's sale is run by a clerk in the live room (issue 15): its lots close under the hammer, not by the clock. */
const CLERKED = sql<boolean>`EXISTS (SELECT 1 FROM live_sales ls WHERE ls.auction_type_id = items.auction_type_id)`;

/** A lot's closing state, locked (see {@link lockItemForClose}). */
export interface ClosingItem {
  id: number;
  name: string;
  status: string;
  closed_by: number | null;
  bid_amount: number | null;
  leader_id: number | null;
  reserve_price: number | null;
  date_to: Date | null;
  kind: 'cash' | 'online' | 'live';
  /** The lot's sale and its buyer's premium percent (issue 13 "Settlement"). */
  sale_id: number;
  premium_percent: number;
  /** Whether the lot's sale is published (a draft sale's lots do not close, issue 13 "Sales"). */
  published: boolean;
  /** Whether a clerk runs the lot's sale in the live room (issue 15): its lots close under the hammer, not by the clock. */
  clerked: boolean;
  /** The database clock when the row was locked. */
  now: Date;
}

/** Locks one lot's row (FOR UPDATE) and reads what closing it needs. */
export async function lockItemForClose(trx: Kysely<Database>, itemId: number): Promise<ClosingItem | undefined> {
  return trx
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .select([
      'items.id',
      'items.name',
      'items.status',
      'items.closed_by',
      'items.bid_amount',
      'items.leader_id',
      'items.reserve_price',
      'items.date_to',
      'at.type as kind',
      'items.auction_type_id as sale_id',
      sql<number>`at.buyers_premium_percent::float8`.as('premium_percent'),
      sql<boolean>`at.published_at IS NOT NULL`.as('published'),
      CLERKED.as('clerked'),
      sql<Date>`now()`.as('now'),
    ])
    .where('items.id', '=', itemId)
    .forUpdate('items')
    .executeTakeFirst();
}

/** Marks a lot closed: `unsold`, or `sold` to `winnerId`; `closed_at` now. */
export async function markItemClosed(
  trx: Kysely<Database>,
  itemId: number,
  outcome: { status: 'sold'; winnerId: number } | { status: 'unsold' },
): Promise<void> {
  await trx
    .updateTable('items')
    .set({ status: outcome.status, closed_by: outcome.status === 'sold' ? outcome.winnerId : null, closed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', itemId)
    .execute();
}

/** A lot's winner as their invoice names them. */
export interface Winner {
  id: number;
  name: string;
  email: string;
  phone: string | null;
}

/** The contact details of a lot's winner, copied onto their order. */
export async function findWinner(trx: Kysely<Database>, userId: number): Promise<Winner> {
  return trx.selectFrom('users').select(['id', 'name', 'email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** Ids of open online/live lots of published sales whose end time has passed (oldest first, at most `limit`); lots of sales a clerk runs live are not due (issue 15). */
export async function findDueAuctions(db: Kysely<Database>, limit = 100): Promise<number[]> {
  const rows = await db
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .select('items.id')
    .where('items.closed_by', 'is', null)
    .where('items.status', '=', 'available')
    .where('at.type', '!=', 'cash')
    .where('at.published_at', 'is not', null)
    .where('items.date_to', '<=', sql<Date>`now()`)
    .where(sql<boolean>`NOT ${CLERKED}`)
    .orderBy('items.date_to')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Open online/live lots of published sales ending after now and within `horizonMs` (soonest
 * first, at most `limit`), with their `date_to`: the sweep makes sure each has its delayed close job.
 */
export async function findUpcomingAuctions(db: Kysely<Database>, horizonMs: number, limit = 1000): Promise<{ id: number; date_to: Date }[]> {
  const rows = await db
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .select(['items.id', 'items.date_to'])
    .where('items.closed_by', 'is', null)
    .where('items.status', '=', 'available')
    .where('at.type', '!=', 'cash')
    .where('at.published_at', 'is not', null)
    .where('items.date_to', '>', sql<Date>`now()`)
    .where('items.date_to', '<=', sql<Date>`now() + make_interval(secs => ${horizonMs / 1000})`)
    .where(sql<boolean>`NOT ${CLERKED}`)
    .orderBy('items.date_to')
    .limit(limit)
    .execute();
  return rows.flatMap((r) => (r.date_to ? [{ id: r.id, date_to: r.date_to }] : []));
}

/** Milliseconds until an open lot's `date_to` on the database clock, or null when closed, missing or without an end. */
export async function msUntilItemEnds(db: Kysely<Database>, itemId: number): Promise<{ ms: number; dateTo: Date } | null> {
  const row = await db
    .selectFrom('items')
    .select(['date_to', 'closed_by', 'status', sql<Date>`now()`.as('now')])
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!row || !row.date_to || row.closed_by != null || row.status !== 'available') return null;
  return { ms: row.date_to.getTime() - row.now.getTime(), dateTo: row.date_to };
}
