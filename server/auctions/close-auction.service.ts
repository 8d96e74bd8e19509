import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AuctionClosedEvent } from '../../shared/events.js';
import type { Database } from '../db/types.js';

/** Result of closing: the event to publish, or null when there was nothing to do. */
export type CloseResult = AuctionClosedEvent | null;

/** Order reference of a won lot: `AUC-<item id>-<random>`. */
function auctionOrderReference(itemId: number): string {
  return `AUC-${itemId}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * Closes an online or live auction whose `date_to` has passed, in one transaction:
 * the highest bidder wins when there is a bid and the reserve (if any) is met → status `sold`,
 * `closed_by` = winner, and an order awaiting payment for the winner; otherwise status `unsold`.
 * Idempotent: an item already closed, not yet ended, or a cash item is left alone (null).
 * Source: DESIGN.md "How a bid flows" (close at date_to); issue 6.
 */
export async function closeAuction(db: Kysely<Database>, itemId: number): Promise<CloseResult> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
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
        sql<Date>`now()`.as('now'),
      ])
      .where('items.id', '=', itemId)
      .forUpdate('items')
      .executeTakeFirst();
    if (!item || item.kind === 'cash' || item.closed_by != null || item.status !== 'available') return null;
    if (!item.date_to || item.date_to.getTime() > item.now.getTime()) return null;

    const met = item.bid_amount != null && item.leader_id != null && (item.reserve_price == null || item.bid_amount >= item.reserve_price);
    if (!met) {
      await trx.updateTable('items').set({ status: 'unsold', closed_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', item.id).execute();
      return { item_id: item.id, closed_by: null, status: 'unsold' };
    }
    const winner = await trx.selectFrom('users').select(['id', 'name', 'email', 'phone']).where('id', '=', item.leader_id!).executeTakeFirstOrThrow();
    await trx
      .updateTable('items')
      .set({ status: 'sold', closed_by: winner.id, closed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', item.id)
      .execute();
    const order = await trx
      .insertInto('orders')
      .values({
        order_reference: auctionOrderReference(item.id),
        user_id: winner.id,
        source: 'auction',
        status: 'awaiting_payment',
        payment_method: null,
        payment_reference: null,
        sub_total: item.bid_amount!,
        vat: 0,
        discount: 0,
        amount_total: item.bid_amount!,
        customer_name: winner.name,
        customer_email: winner.email,
        customer_phone: winner.phone,
        billing_address: null,
        billing_city: null,
        billing_state: null,
        billing_postal_code: null,
        billing_country: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_lines')
      .values({ order_id: order.id, item_id: item.id, name: item.name, quantity: 1, unit_price: item.bid_amount!, amount: item.bid_amount! })
      .execute();
    return { item_id: item.id, closed_by: winner.id, status: 'sold' };
  });
}

/** Ids of open online/live items whose end time has passed (oldest first, at most `limit`). */
export async function findDueAuctions(db: Kysely<Database>, limit = 100): Promise<number[]> {
  const rows = await db
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .select('items.id')
    .where('items.closed_by', 'is', null)
    .where('items.status', '=', 'available')
    .where('at.type', '!=', 'cash')
    .where('items.date_to', '<=', sql<Date>`now()`)
    .orderBy('items.date_to')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Open online/live items ending after now and within `horizonMs` (soonest first, at most
 * `limit`), with their `date_to`: the sweep makes sure each has its delayed close job.
 */
export async function findUpcomingAuctions(db: Kysely<Database>, horizonMs: number, limit = 1000): Promise<{ id: number; date_to: Date }[]> {
  const rows = await db
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .select(['items.id', 'items.date_to'])
    .where('items.closed_by', 'is', null)
    .where('items.status', '=', 'available')
    .where('at.type', '!=', 'cash')
    .where('items.date_to', '>', sql<Date>`now()`)
    .where('items.date_to', '<=', sql<Date>`now() + make_interval(secs => ${horizonMs / 1000})`)
    .orderBy('items.date_to')
    .limit(limit)
    .execute();
  return rows.flatMap((r) => (r.date_to ? [{ id: r.id, date_to: r.date_to }] : []));
}
