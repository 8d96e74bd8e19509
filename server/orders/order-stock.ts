import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * Stock model of checkout orders (issue 5):
 * - A DPO Pay order holds its units at creation: `items.quantity` is decremented by each line's
 *   quantity (conditional update, so two buyers can't take the last unit). Paid → an item left
 *   with 0 units becomes `status 'sold'` (closed_by = buyer when signed in). Not paid (declined,
 *   cancelled, time limit) → {@link returnHeldUnits} adds the units back.
 * - A cash-on-delivery order reserves its items whole: `is_reserved = true`, `reserved_until`;
 *   `items.quantity` is NOT touched. Releasing an expired reservation is just
 *   `is_reserved = false, reserved_until = null` (see {@link releaseReservedItems}). Cash
 *   collected → {@link takeReservedUnits} then {@link markOrderItemsSold}, as for a paid DPO order.
 */

/**
 * Marks the items of a paid DPO order: every item whose units are all gone becomes sold
 * (`status 'sold'`, `closed_by` = buyer or null for a guest, `closed_at`). Call inside the
 * transaction that marks the payment paid. Answers the ids of the order's items.
 */
export async function markOrderItemsSold(trx: Kysely<Database>, orderId: number, buyerId: number | null): Promise<number[]> {
  const lines = await trx.selectFrom('order_lines').select(['item_id']).where('order_id', '=', orderId).where('item_id', 'is not', null).execute();
  const ids = lines.map((l) => l.item_id!).sort((a, b) => a - b);
  if (!ids.length) return [];
  await trx
    .updateTable('items')
    .set({ status: 'sold', closed_by: buyerId, closed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', 'in', ids)
    .where('quantity', '<=', 0)
    .where('status', '=', 'available')
    .execute();
  return ids;
}

/**
 * Takes the units a cash-on-delivery order reserved, once its cash is collected: `quantity -=
 * line quantity` (never below 0) on each available item of the order, so the order's items then
 * stand exactly as a DPO order's do after payment and {@link markOrderItemsSold} applies. Call
 * inside the transaction that marks the order paid. Answers the item ids.
 */
export async function takeReservedUnits(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const lines = await trx.selectFrom('order_lines').select(['item_id', 'quantity']).where('order_id', '=', orderId).where('item_id', 'is not', null).orderBy('item_id').execute();
  for (const l of lines) {
    await trx
      .updateTable('items')
      .set({ quantity: sql`greatest(quantity - ${l.quantity}, 0)`, updated_at: sql`now()` })
      .where('id', '=', l.item_id!)
      .where('status', '=', 'available')
      .execute();
  }
  return lines.map((l) => l.item_id!);
}

/**
 * Puts the units a DPO order held back on sale (`quantity += line quantity`). Call inside the
 * transaction that moves the order out of `awaiting_payment` (so it runs once). Answers the item ids.
 */
export async function returnHeldUnits(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const lines = await trx.selectFrom('order_lines').select(['item_id', 'quantity']).where('order_id', '=', orderId).where('item_id', 'is not', null).orderBy('item_id').execute();
  for (const l of lines) {
    await trx
      .updateTable('items')
      .set({ quantity: sql`quantity + ${l.quantity}`, updated_at: sql`now()` })
      .where('id', '=', l.item_id!)
      .where('status', '=', 'available')
      .execute();
  }
  return lines.map((l) => l.item_id!);
}

/**
 * Lifts a cash-on-delivery reservation from an order's items (`is_reserved = false`,
 * `reserved_until = null`), only on items whose reservation is the order's own (same
 * `reserved_until`). Used when a reservation is cancelled (release job or operator) and when its
 * cash is collected. Reads the order's `reserved_until`, so call it before clearing that. Answers
 * the item ids released.
 */
export async function releaseReservedItems(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const order = await trx.selectFrom('orders').select(['reserved_until']).where('id', '=', orderId).executeTakeFirst();
  if (!order?.reserved_until) return [];
  const rows = await trx
    .updateTable('items')
    .set({ is_reserved: false, reserved_until: null, updated_at: sql`now()` })
    .where('id', 'in', trx.selectFrom('order_lines').select('item_id').where('order_id', '=', orderId).where('item_id', 'is not', null).$narrowType<{ item_id: number }>())
    .where('is_reserved', '=', true)
    .where('reserved_until', '=', order.reserved_until)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
