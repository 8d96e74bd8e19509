import { sql, type Kysely } from 'kysely';
import type { AdminOrderView, AdminOrdersPage, AdminOrdersQuery } from '../../shared/schemas/admin-order.schema.js';
import type { CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { markOrderItemsSold, releaseReservedItems, takeReservedUnits } from './order-stock.js';
import { cancelLockedReservation } from './release-reservation.service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const formatWhen = (d: Date) => d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Blantyre' });

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of orders for operators, newest first (`created_at`, then id), optionally of one
 * status and matching `search` (part of the reference, customer name, e-mail or phone, any case).
 * @returns `{data: AdminOrderView[], meta: {page, per_page, total, last_page}}`; money in MWK.
 * Source: admin orders brief (settling cash-on-delivery orders).
 */
export async function listAdminOrders(db: Kysely<Database>, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
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
  const count = Number(total);
  const ids = await base
    .select('o.id')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return {
    data: await loadAdminOrders(db, ids.map((r) => r.id)),
    meta: { page: query.page, per_page: query.per_page, total: count, last_page: Math.max(1, Math.ceil(count / query.per_page)) },
  };
}

/**
 * Operators' view of the given orders ({@link AdminOrderView}: customer from the order, else its
 * user; latest payment's status; lines), in the order of `ids`; unknown ids are skipped.
 */
export async function loadAdminOrders(db: Kysely<Database>, ids: number[]): Promise<AdminOrderView[]> {
  if (!ids.length) return [];
  const rows = await db
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
    .select((eb) =>
      eb
        .selectFrom('payments as p')
        .select('p.status')
        .whereRef('p.order_id', '=', 'o.id')
        .orderBy('p.id', 'desc')
        .limit(1)
        .as('payment_status'),
    )
    .where('o.id', 'in', ids)
    .execute();
  const lines = await db.selectFrom('order_lines').select(['order_id', 'item_id', 'name', 'quantity', 'unit_price', 'amount']).where('order_id', 'in', ids).orderBy('id').execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        order_reference: r.order_reference,
        source: r.source,
        status: r.status,
        payment_method: r.payment_method,
        payment_status: r.payment_status ?? null,
        amount_total: Number(r.amount_total),
        currency: r.currency,
        customer: { name: r.customer_name ?? r.user_name ?? null, email: r.customer_email ?? r.user_email ?? null, phone: r.customer_phone ?? r.user_phone ?? null },
        reserved_until: iso(r.reserved_until),
        paid_at: iso(r.paid_at),
        cancelled_at: iso(r.cancelled_at),
        cancel_reason: r.cancel_reason,
        settled_by: r.operator_name ?? null,
        created_at: r.created_at.toISOString(),
        updated_at: r.updated_at.toISOString(),
        lines: lines
          .filter((l) => l.order_id === id)
          .map((l) => ({ item_id: l.item_id, name: l.name, quantity: l.quantity, unit_price: Number(l.unit_price), amount: Number(l.amount) })),
      },
    ];
  });
}

/** What an operator's settlement changed, for publishing after commit. */
export interface OrderSettlement {
  order: AdminOrderView;
  /** Items whose public state changed (sold, or back on sale). */
  itemIds: number[];
  /** The order's owner (their cart is republished). */
  owner: CartOwner;
  message: string;
}

type LockedOrder = {
  id: number;
  order_reference: string;
  status: AdminOrderView['status'];
  payment_method: AdminOrderView['payment_method'];
  user_id: number | null;
  guest_token_hash: string | null;
  reserved_until: Date | null;
  cancelled_at: Date | null;
  settled_by: number | null;
  now: Date;
};

/** Locks the order row (`FOR UPDATE`) and checks it is a cash order; 404 / 409 otherwise. */
async function lockCashOrder(trx: Kysely<Database>, orderId: number): Promise<LockedOrder> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'order_reference', 'status', 'payment_method', 'user_id', 'guest_token_hash', 'reserved_until', 'cancelled_at', 'settled_by', sql<Date>`now()`.as('now')])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw AppError.notFound('Order not found');
  if (order.payment_method !== 'cash') throw new AppError(409, 'conflict', `${order.order_reference} is not a cash-on-delivery order.`);
  return order;
}

/** 409 for a cash order that is no longer reserved (paid, cancelled or otherwise settled). */
function notReserved(order: LockedOrder): AppError {
  if (order.status === 'paid' || order.status === 'completed') return new AppError(409, 'conflict', `${order.order_reference} is already paid.`, undefined, { status: order.status });
  if (order.status === 'cancelled') {
    const when = order.cancelled_at ? ` on ${formatWhen(order.cancelled_at)}` : '';
    const why = order.settled_by == null ? 'its reservation expired and was released' : 'it was cancelled by an operator';
    return new AppError(409, 'conflict', `${order.order_reference} was cancelled${when}: ${why}, and its items went back on sale.`, undefined, { status: order.status });
  }
  return new AppError(409, 'conflict', `${order.order_reference} is ${order.status.replace('_', ' ')}, not reserved.`, undefined, { status: order.status });
}

const ownerOf = (o: LockedOrder): CartOwner => ({ userId: o.user_id, guestHash: o.user_id == null ? o.guest_token_hash : null });

/**
 * Records that the cash of a reserved cash-on-delivery order was collected, in one transaction
 * with the order row locked: order `paid` (`paid_at` now, `settled_by`), its pending cash payment
 * `paid`, the reserved units taken and the order's items sold exactly as for a paid DPO order
 * ({@link takeReservedUnits}, {@link markOrderItemsSold}), the reservation lifted from the items.
 * Exactly once: of two operators at once, the second waits for the lock and gets 409.
 * @throws AppError 404 unknown order; 409 not a cash order, already paid ('… is already paid.'),
 *   cancelled (by the release job or an operator), or its reservation already expired.
 * Publishing is the caller's (`publishOrderChanges`).
 */
export async function recordCashReceived(db: Kysely<Database>, args: { orderId: number; operatorId: number }): Promise<OrderSettlement> {
  const settled = await db.transaction().execute(async (trx) => {
    const order = await lockCashOrder(trx, args.orderId);
    if (order.status !== 'reserved') throw notReserved(order);
    if (!order.reserved_until || order.reserved_until.getTime() <= order.now.getTime()) {
      const when = order.reserved_until ? ` on ${formatWhen(order.reserved_until)}` : '';
      throw new AppError(409, 'conflict', `The reservation of ${order.order_reference} expired${when}; it is being released and can no longer be settled. Place a new order if the buyer still wants the items.`, undefined, { status: 'expired' });
    }
    const released = await releaseReservedItems(trx, order.id);
    await trx.updateTable('orders').set({ status: 'paid', paid_at: sql`now()`, settled_by: args.operatorId, updated_at: sql`now()` }).where('id', '=', order.id).execute();
    await trx
      .updateTable('payments')
      .set({ status: 'paid', verified_at: sql`now()`, result_explanation: 'Cash received on delivery', updated_at: sql`now()` })
      .where('order_id', '=', order.id)
      .where('provider', '=', 'cash')
      .where('status', '=', 'pending')
      .execute();
    await takeReservedUnits(trx, order.id);
    const sold = await markOrderItemsSold(trx, order.id, order.user_id);
    return { order, itemIds: [...new Set([...released, ...sold])].sort((a, b) => a - b) };
  });
  const [view] = await loadAdminOrders(db, [args.orderId]);
  return { order: view, itemIds: settled.itemIds, owner: ownerOf(settled.order), message: `Cash received for ${settled.order.order_reference}; the order is paid.` };
}

/**
 * Cancels a reserved cash-on-delivery order now, for an operator, with the release job's own
 * logic ({@link cancelLockedReservation}): order `cancelled` with the reason, cash payment
 * cancelled, items back on sale. Works before or after `reserved_until` (it is what the job
 * would do anyway).
 * @throws AppError 404 unknown order; 409 not a cash order, already paid, or already cancelled.
 * Publishing is the caller's (`publishOrderChanges`).
 */
export async function cancelReservedOrder(db: Kysely<Database>, args: { orderId: number; operatorId: number; reason: string }): Promise<OrderSettlement> {
  const settled = await db.transaction().execute(async (trx) => {
    const order = await lockCashOrder(trx, args.orderId);
    if (order.status !== 'reserved') throw notReserved(order);
    return { order, itemIds: await cancelLockedReservation(trx, order.id, { reason: args.reason, operatorId: args.operatorId }) };
  });
  const [view] = await loadAdminOrders(db, [args.orderId]);
  return { order: view, itemIds: settled.itemIds, owner: ownerOf(settled.order), message: `${settled.order.order_reference} cancelled; its items are back on sale.` };
}
