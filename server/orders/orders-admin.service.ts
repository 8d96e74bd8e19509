import type { Kysely } from 'kysely';
import type { AdminOrderView, AdminOrdersPage, AdminOrdersQuery } from '@shared/schemas/admin-order.schema.js';
import type { Database } from '../db/types.js';
import { pageAdminOrderIds, selectAdminOrderRows, selectOrderLines, type AdminOrderRow } from './orders.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Maps an operators' order row and its lines to {@link AdminOrderView} (customer from the order, else its user). */
function adminOrderRowToView(r: AdminOrderRow, lines: Awaited<ReturnType<typeof selectOrderLines>>): AdminOrderView {
  return {
    id: r.id,
    order_reference: r.order_reference,
    source: r.source,
    status: r.status,
    payment_method: r.payment_method,
    payment_status: r.payment_status ?? null,
    amount_total: Number(r.amount_total),
    currency: r.currency,
    customer: {
      name: r.customer_name ?? r.user_name ?? null,
      email: r.customer_email ?? r.user_email ?? null,
      phone: r.customer_phone ?? r.user_phone ?? null,
      user_id: r.user_id ?? null,
    },
    reserved_until: iso(r.reserved_until),
    paid_at: iso(r.paid_at),
    cancelled_at: iso(r.cancelled_at),
    cancel_reason: r.cancel_reason,
    settled_by: r.operator_name ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    lines: lines
      .filter((l) => l.order_id === r.id)
      .map((l) => ({ item_id: l.item_id, name: l.name, quantity: l.quantity, unit_price: Number(l.unit_price), amount: Number(l.amount) })),
  };
}

/**
 * One page of orders for operators, newest first (`created_at`, then id), optionally of one
 * status and matching `search` (part of the reference, customer name, e-mail or phone, any case).
 * @returns `{data: AdminOrderView[], meta: {page, per_page, total, last_page}}`; money in MWK.
 * Source: admin orders brief (settling cash-on-delivery orders).
 */
export async function listAdminOrders(db: Kysely<Database>, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const { total, ids } = await pageAdminOrderIds(db, query);
  return {
    data: await loadAdminOrders(db, ids),
    meta: { page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) },
  };
}

/**
 * Operators' view of the given orders ({@link AdminOrderView}: customer from the order, else its
 * user; latest payment's status; lines), in the order of `ids`; unknown ids are skipped. Works
 * inside a transaction too (a command answering the order it just changed).
 */
export async function loadAdminOrders(db: Kysely<Database>, ids: number[]): Promise<AdminOrderView[]> {
  if (!ids.length) return [];
  const rows = await selectAdminOrderRows(db, ids);
  const lines = await selectOrderLines(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [adminOrderRowToView(r, lines)] : [];
  });
}
