import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { releaseReservedItems } from './order-stock.js';

/** A released reservation: the cancelled order and the items put back on sale. */
export interface ReleasedReservation {
  order_id: number;
  item_ids: number[];
}

/**
 * Cancels a reserved cash-on-delivery order whose row the caller has locked (`FOR UPDATE`) and
 * found `reserved`: order `cancelled` (`cancelled_at` now, `cancel_reason`, `settled_by`), its
 * pending cash payment `cancelled`, its items back on sale ({@link releaseReservedItems}). The one
 * implementation of "release a reservation", shared by the release job ({@link releaseReservation})
 * and operators cancelling early (server/orders/orders-admin.service.ts).
 * @returns the ids of the items put back on sale, ascending.
 */
export async function cancelLockedReservation(
  trx: Kysely<Database>,
  orderId: number,
  by: { reason?: string | null; operatorId?: number | null } = {},
): Promise<number[]> {
  const itemIds = await releaseReservedItems(trx, orderId);
  await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: sql`now()`, cancel_reason: by.reason ?? null, settled_by: by.operatorId ?? null, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
  await trx
    .updateTable('payments')
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('provider', '=', 'cash')
    .where('status', '=', 'pending')
    .execute();
  return itemIds.sort((a, b) => a - b);
}

/**
 * Releases an expired cash-on-delivery reservation, in one transaction: an order still
 * `reserved` (unpaid) whose `reserved_until` has passed is cancelled and its items go back on
 * sale ({@link cancelLockedReservation}).
 * Idempotent: an order paid, cancelled, not reserved, not yet expired or missing is left alone
 * (null), so running it twice changes nothing. The caller publishes `item.updated` per item.
 * Source: DESIGN.md "How a bid flows" (COD reservations); issue 6 "Release reservation".
 */
export async function releaseReservation(db: Kysely<Database>, orderId: number): Promise<ReleasedReservation | null> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'status', 'reserved_until', sql<Date>`now()`.as('now')])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order || order.status !== 'reserved') return null;
    if (!order.reserved_until || order.reserved_until.getTime() > order.now.getTime()) return null;
    return { order_id: order.id, item_ids: await cancelLockedReservation(trx, order.id) };
  });
}

/** Ids of reserved (unpaid COD) orders whose `reserved_until` has passed, oldest first, at most `limit`. */
export async function findExpiredReservations(db: Kysely<Database>, limit = 100): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'reserved')
    .where('reserved_until', '<=', sql<Date>`now()`)
    .orderBy('reserved_until')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Reserved orders whose `reserved_until` is still ahead and within `horizonMs`, for scheduling their release. */
export async function findUpcomingReservations(db: Kysely<Database>, horizonMs: number, limit = 1000): Promise<{ id: number; reserved_until: Date }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'reserved_until'])
    .where('status', '=', 'reserved')
    .where('reserved_until', '>', sql<Date>`now()`)
    .where('reserved_until', '<=', sql<Date>`now() + make_interval(secs => ${horizonMs / 1000})`)
    .orderBy('reserved_until')
    .limit(limit)
    .execute();
  return rows.flatMap((r) => (r.reserved_until ? [{ id: r.id, reserved_until: r.reserved_until }] : []));
}
