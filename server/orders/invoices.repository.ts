import { sql, type Kysely } from 'kysely';
import { saleCharges } from '@shared/rules/settlement.js';
import type { AdminInvoicePage, AdminInvoicesQuery } from '@shared/schemas/invoice.schema.js';
import type { Database } from '../db/types.js';
import { pageInfo } from '../http/pagination.js';

/** A buyer's invoice for a sale still collecting lots (see {@link lockOpenInvoice}). */
export interface OpenInvoice {
  id: number;
  premium_percent: number;
  vat_rate_percent: number;
}

/**
 * Serialises invoice-making for one buyer in one sale (a transaction-scoped advisory lock), then
 * finds and locks their invoice of that sale still collecting lots: a won order of the sale
 * awaiting payment whose buyer has not yet chosen how to pay (once they have, its amount is what
 * they are paying, so a later lot starts a new invoice). Two lots closing at once for the same
 * buyer therefore land on one invoice, whichever worker closes them. Undefined when none.
 * Source: issue 13 "Settlement and results" (one invoice per buyer per sale).
 */
export async function lockOpenInvoice(trx: Kysely<Database>, saleId: number, userId: number): Promise<OpenInvoice | undefined> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invoice:${saleId}:${userId}`}, 0))`.execute(trx);
  const row = await trx
    .selectFrom('orders')
    .select(['id', 'premium_percent', 'vat_rate_percent'])
    .where('source', '=', 'auction')
    .where('sale_id', '=', saleId)
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting_payment')
    .where('payment_method', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: Number(row.id), premium_percent: Number(row.premium_percent ?? 0), vat_rate_percent: Number(row.vat_rate_percent ?? 0) } : undefined;
}

/** Adds one won lot to an invoice at its hammer price (quantity 1). */
export async function addInvoiceLine(trx: Kysely<Database>, orderId: number, line: { itemId: number; name: string; hammer: number }): Promise<void> {
  await trx
    .insertInto('order_lines')
    .values({ order_id: orderId, item_id: line.itemId, name: line.name, quantity: 1, unit_price: line.hammer, amount: line.hammer })
    .execute();
}

/**
 * Recomputes an invoice's totals from its lines ({@link saleCharges}: premium on the hammer total,
 * VAT on the premium, each to the tambala) and moves its deadline to `dueAt`.
 */
export async function refreshInvoiceTotals(trx: Kysely<Database>, invoice: OpenInvoice, dueAt: Date): Promise<void> {
  const lines = await trx.selectFrom('order_lines').select('amount').where('order_id', '=', invoice.id).execute();
  const charges = saleCharges(
    lines.map((l) => Number(l.amount)),
    invoice.premium_percent,
    invoice.vat_rate_percent,
  );
  await trx
    .updateTable('orders')
    .set({ sub_total: charges.hammer, premium: charges.premium, vat: charges.vat, amount_total: charges.total, due_at: dueAt, updated_at: sql`now()` })
    .where('id', '=', invoice.id)
    .execute();
}

/** What `now()` means for "overdue": an invoice awaiting payment whose deadline has passed. */
const OVERDUE = sql<boolean>`o.status = 'awaiting_payment' AND o.due_at < now()`;

/**
 * The operators' invoices (issue 13 "Settlement and results"): won orders, filtered by sale,
 * state (`unpaid` = awaiting payment, overdue included; `overdue` = past the deadline; `paid` =
 * paid or completed) and search (invoice number, buyer's name, e-mail or phone), awaiting payment
 * first by deadline, then the rest newest first; paged. `summary` counts and sums every invoice
 * matching the sale and search whatever its state.
 */
export async function listAdminInvoices(db: Kysely<Database>, query: AdminInvoicesQuery): Promise<AdminInvoicePage> {
  let base = db.selectFrom('orders as o').where('o.source', '=', 'auction');
  if (query.sale_id) base = base.where('o.sale_id', '=', query.sale_id);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('o.order_reference', 'ilike', like),
        eb('o.customer_name', 'ilike', like),
        eb('o.customer_email', 'ilike', like),
        eb('o.customer_phone', 'ilike', like),
      ]),
    );
  }
  const summaryRow = await base
    .select([
      sql<number>`count(*) FILTER (WHERE o.status = 'awaiting_payment')::int`.as('unpaid_count'),
      sql<number>`coalesce(sum(o.amount_total) FILTER (WHERE o.status = 'awaiting_payment'), 0)::float8`.as('unpaid_total'),
      sql<number>`count(*) FILTER (WHERE ${OVERDUE})::int`.as('overdue_count'),
      sql<number>`coalesce(sum(o.amount_total) FILTER (WHERE ${OVERDUE}), 0)::float8`.as('overdue_total'),
      sql<number>`count(*) FILTER (WHERE o.status IN ('paid', 'completed'))::int`.as('paid_count'),
      sql<number>`coalesce(sum(o.amount_total) FILTER (WHERE o.status IN ('paid', 'completed')), 0)::float8`.as('paid_total'),
    ])
    .executeTakeFirstOrThrow();
  let filtered = base;
  if (query.status === 'unpaid') filtered = filtered.where('o.status', '=', 'awaiting_payment');
  if (query.status === 'overdue') filtered = filtered.where(OVERDUE);
  if (query.status === 'paid') filtered = filtered.where('o.status', 'in', ['paid', 'completed']);
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filtered
    .leftJoin('auction_types as s', 's.id', 'o.sale_id')
    .select([
      'o.id',
      'o.order_reference',
      'o.sale_id',
      's.name as sale_name',
      'o.user_id',
      'o.customer_name',
      'o.customer_email',
      'o.customer_phone',
      'o.sub_total',
      'o.premium',
      'o.premium_percent',
      'o.vat',
      'o.vat_rate_percent',
      'o.amount_total',
      'o.due_at',
      'o.status',
      'o.payment_method',
      'o.payment_reference',
      'o.paid_at',
      'o.created_at',
      sql<boolean>`${OVERDUE}`.as('overdue'),
    ])
    .orderBy(sql`(o.status = 'awaiting_payment')`, 'desc')
    .orderBy('o.due_at', (ob) => ob.asc().nullsLast())
    .orderBy('o.id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  const lines = rows.length
    ? await db
        .selectFrom('order_lines')
        .select(['order_id', 'item_id', 'name', 'amount'])
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      invoice_number: r.order_reference,
      sale: r.sale_id != null ? { id: Number(r.sale_id), name: r.sale_name ?? '' } : null,
      buyer: { id: r.user_id == null ? null : Number(r.user_id), name: r.customer_name ?? '', email: r.customer_email, phone: r.customer_phone },
      lots: lines
        .filter((l) => l.order_id === r.id)
        .map((l) => ({ item_id: l.item_id == null ? null : Number(l.item_id), name: l.name, hammer_price: Number(l.amount) })),
      hammer_total: Number(r.sub_total),
      premium: Number(r.premium),
      premium_percent: Number(r.premium_percent ?? 0),
      vat: Number(r.vat),
      vat_rate_percent: Number(r.vat_rate_percent ?? 0),
      total: Number(r.amount_total),
      due_at: iso(r.due_at),
      state: r.status === 'paid' || r.status === 'completed' ? 'paid' : r.status === 'awaiting_payment' ? (r.overdue ? 'overdue' : 'unpaid') : 'cancelled',
      payment_method: r.payment_method,
      payment_reference: r.payment_reference,
      paid_at: iso(r.paid_at),
      created_at: r.created_at.toISOString(),
    })),
    meta: pageInfo(Number(total), query.page, query.per_page, rows.length),
    summary: {
      unpaid: { count: summaryRow.unpaid_count, total: summaryRow.unpaid_total },
      overdue: { count: summaryRow.overdue_count, total: summaryRow.overdue_total },
      paid: { count: summaryRow.paid_count, total: summaryRow.paid_total },
    },
  };
}

/** An invoice as taking a lot off it needs it, locked (FOR UPDATE); undefined when unknown. */
export function lockInvoice(trx: Kysely<Database>, orderId: number) {
  return trx
    .selectFrom('orders')
    .select(['id', 'order_reference', 'status', 'source', 'user_id', 'premium_percent', 'vat_rate_percent', 'due_at'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether a DPO Pay payment of the order is still pending (the buyer may be paying its amount now). */
export async function hasPendingDpoPayment(trx: Kysely<Database>, orderId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('provider', '=', 'dpopay')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

/** The invoice's line of a lot, or undefined when the lot is not on it. */
export function findInvoiceLine(trx: Kysely<Database>, orderId: number, itemId: number) {
  return trx.selectFrom('order_lines').select(['id', 'name']).where('order_id', '=', orderId).where('item_id', '=', itemId).executeTakeFirst();
}

/** The highest bidder on a lot other than `excludeUserId`, with their highest bid (MWK); undefined when nobody else bid. */
export async function findNextBidder(
  trx: Kysely<Database>,
  itemId: number,
  excludeUserId: number | null,
): Promise<{ user_id: number; amount: number } | undefined> {
  const row = await trx
    .selectFrom('bids')
    .select(['user_id', sql<number>`max(bid_amount)::float8`.as('amount')])
    .where('item_id', '=', itemId)
    .$if(excludeUserId != null, (q) => q.where('user_id', '!=', excludeUserId!))
    .groupBy('user_id')
    .orderBy(sql`max(bid_amount)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { user_id: Number(row.user_id), amount: Number(row.amount) } : undefined;
}

/** Deletes one invoice line. @returns how many lines the invoice still has. */
export async function removeInvoiceLine(trx: Kysely<Database>, orderId: number, lineId: number): Promise<number> {
  await trx.deleteFrom('order_lines').where('id', '=', lineId).execute();
  const { n } = await trx
    .selectFrom('order_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Cancels an invoice left with no lot: `cancelled`, when, why and by which operator. */
export async function cancelInvoice(trx: Kysely<Database>, orderId: number, reason: string, operatorId: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: sql`now()`, cancel_reason: reason, settled_by: operatorId, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
}

/** A lot sold to `winnerId` at `amount` (MWK) by a second-chance offer. */
export async function awardLot(trx: Kysely<Database>, itemId: number, winnerId: number, amount: number): Promise<void> {
  await trx
    .updateTable('items')
    .set({ status: 'sold', closed_by: winnerId, leader_id: winnerId, bid_amount: amount, updated_at: sql`now()` })
    .where('id', '=', itemId)
    .execute();
}

/** A lot released unsold (no buyer), so it can be relisted. */
export async function markLotUnsold(trx: Kysely<Database>, itemId: number): Promise<void> {
  await trx
    .updateTable('items')
    .set({ status: 'unsold', closed_by: null, updated_at: sql`now()` })
    .where('id', '=', itemId)
    .execute();
}

/** An order's reference. */
export async function orderReferenceOf(trx: Kysely<Database>, orderId: number): Promise<string> {
  return (await trx.selectFrom('orders').select('order_reference').where('id', '=', orderId).executeTakeFirstOrThrow()).order_reference;
}
