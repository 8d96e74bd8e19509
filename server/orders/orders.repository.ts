import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AdminOrdersQuery } from '@shared/schemas/admin-order.schema.js';
import type { Database, OrderLinesTable, OrdersTable } from '../db/types.js';

/** An order to store: its row without ids or timestamps. */
export type NewOrder = Omit<Insertable<OrdersTable>, 'id' | 'created_at' | 'updated_at'>;

/** One line of a new order (the order id is filled in). */
export type NewOrderLine = Omit<Insertable<OrderLinesTable>, 'id' | 'order_id'>;

/** An order row as read. */
export type OrderRow = Selectable<OrdersTable>;

/**
 * Stores an order and its lines: the one way an order comes into being, whether a buyer checked
 * out a cart or an auction closed with a winner. Call inside the caller's transaction.
 * @returns the new order's id.
 */
export async function insertOrder(trx: Kysely<Database>, order: NewOrder, lines: NewOrderLine[]): Promise<number> {
  const row = await trx.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  if (lines.length)
    await trx
      .insertInto('order_lines')
      .values(lines.map((l) => ({ ...l, order_id: row.id })))
      .execute();
  return row.id;
}

/** The database clock (`now()`), so every time rule of an order is decided on one clock. */
export async function selectDatabaseNow(db: Kysely<Database>): Promise<Date> {
  return (await sql<{ now: Date }>`SELECT now() AS now`.execute(db)).rows[0].now;
}

// ---------------------------------------------------------------------------------------------
// Stock of checkout orders.
// - A DPO Pay order holds its units at creation: `items.quantity` is decremented by each line's
//   quantity (conditional update, so two buyers can't take the last unit). Paid → an item left
//   with 0 units becomes `status 'sold'` (closed_by = buyer when signed in). Not paid (declined,
//   cancelled, time limit) → returnHeldUnits adds the units back.
// - A cash-on-delivery order reserves its items whole: `is_reserved = true`, `reserved_until`;
//   `items.quantity` is NOT touched. Releasing a reservation is just `is_reserved = false,
//   reserved_until = null` (releaseReservedItems). Cash collected → takeReservedUnits then
//   markOrderItemsSold, as for a paid DPO order.
// ---------------------------------------------------------------------------------------------

/** An item a checkout order claimed: its id and the price it was claimed at (MWK). */
export interface ClaimedItem {
  id: number;
  target_amount: number;
}

/** Items a checkout may claim: on sale, not closed, not reserved, with `quantity` units left. */
function claimableItem(trx: Kysely<Database>, itemId: number, quantity: number) {
  return trx
    .updateTable('items')
    .where('id', '=', itemId)
    .where('status', '=', 'available')
    .where('closed_by', 'is', null)
    .where('is_reserved', '=', false)
    .where('quantity', '>=', quantity);
}

/**
 * Holds `quantity` units of an item for a DPO Pay order (`quantity -= n`), only while the item is
 * on sale, unreserved and has the units (one conditional update: of two buyers of the last unit
 * exactly one gets it). Call inside the order's transaction.
 * @returns the item and its price, or undefined when someone else took it.
 */
export function holdItemUnits(trx: Kysely<Database>, itemId: number, quantity: number): Promise<ClaimedItem | undefined> {
  return claimableItem(trx, itemId, quantity)
    .set({ quantity: sql`quantity - ${quantity}`, updated_at: sql`now()` })
    .returning(['id', 'target_amount'])
    .executeTakeFirst();
}

/**
 * Reserves a whole item for a cash-on-delivery order until `reservedUntil` (`is_reserved`,
 * `reserved_until`; units untouched), under the same conditions as {@link holdItemUnits}.
 * @returns the item and its price, or undefined when someone else took it.
 */
export function reserveItem(trx: Kysely<Database>, itemId: number, quantity: number, reservedUntil: Date): Promise<ClaimedItem | undefined> {
  return claimableItem(trx, itemId, quantity)
    .set({ is_reserved: true, reserved_until: reservedUntil, updated_at: sql`now()` })
    .returning(['id', 'target_amount'])
    .executeTakeFirst();
}

/**
 * Marks the items of a paid order: every item whose units are all gone becomes sold
 * (`status 'sold'`, `closed_by` = buyer or null for a guest, `closed_at`). Call inside the
 * transaction that marks the order paid.
 * @returns the ids of the order's items, ascending.
 */
export async function markOrderItemsSold(trx: Kysely<Database>, orderId: number, buyerId: number | null): Promise<number[]> {
  const ids = (await listOrderItemLines(trx, orderId)).map((l) => l.item_id);
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

/** The order's lines that name an item, with their quantities, in item-id order. */
async function listOrderItemLines(trx: Kysely<Database>, orderId: number): Promise<{ item_id: number; quantity: number }[]> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['item_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('item_id', 'is not', null)
    .orderBy('item_id')
    .execute();
  return lines.map((l) => ({ item_id: l.item_id!, quantity: l.quantity }));
}

/**
 * Takes the units a cash-on-delivery order reserved, once its cash is collected: `quantity -=
 * line quantity` (never below 0) on each available item of the order, so the order's items then
 * stand exactly as a DPO order's do after payment and {@link markOrderItemsSold} applies. Call
 * inside the transaction that marks the order paid.
 * @returns the item ids.
 */
export async function takeReservedUnits(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const lines = await listOrderItemLines(trx, orderId);
  for (const l of lines) {
    await trx
      .updateTable('items')
      .set({ quantity: sql`greatest(quantity - ${l.quantity}, 0)`, updated_at: sql`now()` })
      .where('id', '=', l.item_id)
      .where('status', '=', 'available')
      .execute();
  }
  return lines.map((l) => l.item_id);
}

/**
 * Puts the units a DPO order held back on sale (`quantity += line quantity`). Call inside the
 * transaction that moves the order out of `awaiting_payment` (so it runs once).
 * @returns the item ids, ascending.
 */
export async function returnHeldUnits(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const lines = await listOrderItemLines(trx, orderId);
  for (const l of lines) {
    await trx
      .updateTable('items')
      .set({ quantity: sql`quantity + ${l.quantity}`, updated_at: sql`now()` })
      .where('id', '=', l.item_id)
      .where('status', '=', 'available')
      .execute();
  }
  return lines.map((l) => l.item_id);
}

/**
 * Lifts a cash-on-delivery reservation from an order's items (`is_reserved = false`,
 * `reserved_until = null`), only on items whose reservation is the order's own (same
 * `reserved_until`). Reads the order's `reserved_until`, so call it before clearing that.
 * @returns the ids of the items released.
 */
export async function releaseReservedItems(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const order = await trx.selectFrom('orders').select(['reserved_until']).where('id', '=', orderId).executeTakeFirst();
  if (!order?.reserved_until) return [];
  const rows = await trx
    .updateTable('items')
    .set({ is_reserved: false, reserved_until: null, updated_at: sql`now()` })
    .where(
      'id',
      'in',
      trx.selectFrom('order_lines').select('item_id').where('order_id', '=', orderId).where('item_id', 'is not', null).$narrowType<{ item_id: number }>(),
    )
    .where('is_reserved', '=', true)
    .where('reserved_until', '=', order.reserved_until)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Order rows.
// ---------------------------------------------------------------------------------------------

/** An order row locked for a status change, with the database clock. */
export interface LockedOrder {
  id: number;
  order_reference: string;
  status: OrderRow['status'];
  payment_method: OrderRow['payment_method'];
  user_id: number | null;
  guest_token_hash: string | null;
  reserved_until: Date | null;
  cancelled_at: Date | null;
  settled_by: number | null;
  now: Date;
}

/**
 * Locks an order row (`FOR UPDATE`) for a status change: concurrent changes of one order wait
 * for each other and each sees the other's result. Call inside a transaction.
 * @returns the order and the database's `now()`, or undefined for an unknown id.
 */
export function lockOrder(trx: Kysely<Database>, orderId: number): Promise<LockedOrder | undefined> {
  return trx
    .selectFrom('orders')
    .select([
      'id',
      'order_reference',
      'status',
      'payment_method',
      'user_id',
      'guest_token_hash',
      'reserved_until',
      'cancelled_at',
      'settled_by',
      sql<Date>`now()`.as('now'),
    ])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks an order paid (`paid_at` now); `settledBy` records the operator who collected the cash. */
export async function markOrderPaid(trx: Kysely<Database>, orderId: number, opts: { settledBy?: number } = {}): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: sql`now()`, updated_at: sql`now()`, ...(opts.settledBy != null ? { settled_by: opts.settledBy } : {}) })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Cancels an order (`cancelled_at` now) with the operator's reason and the operator who did it
 * (both null when a job did).
 */
export async function markOrderCancelled(trx: Kysely<Database>, orderId: number, by: { reason: string | null; settledBy: number | null }): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: sql`now()`, cancel_reason: by.reason, settled_by: by.settledBy, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Moves a checkout order still `awaiting_payment` to `status` (`cancelled_at` now); an order in
 * any other state, or a won auction's order (it stays payable), is left alone.
 * @returns true when the order moved (so what follows the move runs once).
 */
export async function settleAwaitingOrder(trx: Kysely<Database>, orderId: number, status: 'failed' | 'cancelled'): Promise<boolean> {
  const moved = await trx
    .updateTable('orders')
    .set({ status, cancelled_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    // A won auction's order stays payable after a failed or cancelled DPO attempt (issue 13).
    .where('source', '=', 'checkout')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** Stores the provider's payment reference (DPO's transaction token) on the order. */
export async function setOrderPaymentReference(trx: Kysely<Database>, orderId: number, reference: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ payment_reference: reference, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
}

/** The order of a reference (`ORD-…`, `AUC-…`), or undefined. */
export function findOrderByReference(db: Kysely<Database>, reference: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_reference', '=', reference).executeTakeFirst();
}

/** The order of an id, or undefined. */
export function findOrderById(db: Kysely<Database>, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** An order's lines as the result pages show them (name, quantity, unit price and amount in MWK), in order. */
export function listOrderLineSummaries(
  db: Kysely<Database>,
  orderId: number,
): Promise<{ name: string; quantity: number; unit_price: number; amount: number }[]> {
  return db.selectFrom('order_lines').select(['name', 'quantity', 'unit_price', 'amount']).where('order_id', '=', orderId).orderBy('id').execute();
}

/** Ids of reserved (unpaid cash-on-delivery) orders whose `reserved_until` has passed, oldest first, at most `limit`. */
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

/** Reserved orders whose `reserved_until` is still ahead and within `horizonMs` (ms), for scheduling their release. */
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

// ---------------------------------------------------------------------------------------------
// Operators' order list.
// ---------------------------------------------------------------------------------------------

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of order ids for operators, newest first (`created_at`, then id), optionally of one
 * status and matching `search` (part of the reference, customer name, e-mail, or 3+ digits of the
 * phone, any case), and the number of matching orders.
 */
export async function pageAdminOrderIds(db: Kysely<Database>, query: AdminOrdersQuery): Promise<{ total: number; ids: number[] }> {
  let base = db.selectFrom('orders as o').leftJoin('users as u', 'u.id', 'o.user_id');
  if (query.status !== 'all') base = base.where('o.status', '=', query.status);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    const digits = search.replace(/\D/g, '');
    base = base.where((eb) =>
      eb.or([
        eb('o.order_reference', 'ilike', pattern),
        eb(sql<string>`coalesce(o.customer_name, u.name)`, 'ilike', pattern),
        eb(sql<string>`coalesce(o.customer_email, u.email)`, 'ilike', pattern),
        ...(digits.length >= 3 ? [eb(sql<string>`regexp_replace(coalesce(o.customer_phone, u.phone, ''), '\\D', '', 'g')`, 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select('o.id')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return { total: Number(total), ids: rows.map((r) => r.id) };
}

/**
 * The rows of the operators' view of the given orders (any order): the order, its user's name,
 * e-mail and phone, the settling operator's name and the latest payment's status.
 */
export function selectAdminOrderRows(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('users as op', 'op.id', 'o.settled_by')
    .select([
      'o.id',
      'o.order_reference',
      'o.source',
      'o.status',
      'o.payment_method',
      'o.amount_total',
      'o.currency',
      'o.customer_name',
      'o.customer_email',
      'o.customer_phone',
      'o.user_id',
      'u.name as user_name',
      'u.email as user_email',
      'u.phone as user_phone',
      'o.reserved_until',
      'o.paid_at',
      'o.cancelled_at',
      'o.cancel_reason',
      'op.name as operator_name',
      'o.created_at',
      'o.updated_at',
    ])
    .select((eb) => eb.selectFrom('payments as p').select('p.status').whereRef('p.order_id', '=', 'o.id').orderBy('p.id', 'desc').limit(1).as('payment_status'))
    .where('o.id', 'in', ids)
    .execute();
}

/** One row of {@link selectAdminOrderRows}. */
export type AdminOrderRow = Awaited<ReturnType<typeof selectAdminOrderRows>>[number];

/** The lines of the given orders (order id, item id, name, quantity, unit price, amount), in order. */
export function selectOrderLines(db: Kysely<Database>, orderIds: number[]) {
  return db
    .selectFrom('order_lines')
    .select(['order_id', 'item_id', 'name', 'quantity', 'unit_price', 'amount'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

/**
 * Open (unpaid: awaiting payment or reserved) checkout orders placed by an account or phone
 * (`buyer`) and from a source address (`source`, the address's hash); orders of won auctions are
 * not counted (they hold no stock a buyer chose). A null key counts nothing.
 */
export async function countOpenOrders(
  db: Kysely<Database>,
  keys: { userId: number | null; phoneKey: string | null; placedFrom: string | null },
): Promise<{ buyer: number; source: number }> {
  const open = ['awaiting_payment', 'reserved'] as const;
  const count = async (where: 'user_id' | 'phone_key' | 'placed_from', value: string | number | null) =>
    value === null
      ? 0
      : Number(
          (
            await db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('status', 'in', open)
              .where('source', '=', 'checkout')
              .where(where, '=', value as never)
              .executeTakeFirstOrThrow()
          ).n,
        );
  const [byUser, byPhone, bySource] = [
    await count('user_id', keys.userId),
    await count('phone_key', keys.phoneKey),
    await count('placed_from', keys.placedFrom),
  ];
  return { buyer: Math.max(byUser, byPhone), source: bySource };
}
