import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** A won auction's order locked for a payment change (amount in MWK). */
export interface LockedWonOrder {
  id: number;
  order_reference: string;
  status: string;
  source: string;
  user_id: number | null;
  amount_total: number;
  payment_method: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
}

/** Locks an order (`FOR UPDATE`) with what paying it needs; undefined for an unknown id. */
export async function lockWonOrder(trx: Kysely<Database>, orderId: number): Promise<LockedWonOrder | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select(['id', 'order_reference', 'status', 'source', 'user_id', 'amount_total', 'payment_method', 'customer_name', 'customer_email', 'customer_phone'])
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { ...row, amount_total: Number(row.amount_total) } : undefined;
}

/** An order's newest still-pending DPO Pay payment that has a token, if any. */
export async function findPendingDpoToken(trx: Kysely<Database>, orderId: number): Promise<{ id: number; transaction_token: string } | undefined> {
  const row = await trx
    .selectFrom('payments')
    .select(['id', 'transaction_token'])
    .where('order_id', '=', orderId)
    .where('provider', '=', 'dpopay')
    .where('status', '=', 'pending')
    .where('transaction_token', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && row.transaction_token ? { id: row.id, transaction_token: row.transaction_token } : undefined;
}

/** Cancels an order's pending payments of the given providers (every provider when absent). */
export async function cancelPendingPayments(trx: Kysely<Database>, orderId: number, providers?: ('dpopay' | 'cash' | 'bank')[]): Promise<void> {
  let q = trx
    .updateTable('payments')
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending');
  if (providers) q = q.where('provider', 'in', providers);
  await q.execute();
}

/** Adds a pending payment row of `provider` for `amount` MWK. @returns its id. */
export async function insertPendingPayment(trx: Kysely<Database>, orderId: number, provider: 'dpopay' | 'cash' | 'bank', amount: number): Promise<number> {
  const row = await trx
    .insertInto('payments')
    .values({ order_id: orderId, provider, status: 'pending', amount, currency: 'MWK' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a paid payment row recorded by an operator (verified now), with the transfer's reference and what happened. */
export async function insertRecordedPayment(
  trx: Kysely<Database>,
  payment: { orderId: number; provider: 'cash' | 'bank'; amount: number; reference: string | null; explanation: string },
): Promise<void> {
  await trx
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      provider: payment.provider,
      status: 'paid',
      amount: payment.amount,
      currency: 'MWK',
      transaction_ref: payment.reference,
      result_explanation: payment.explanation,
      verified_at: sql`now()`,
    })
    .execute();
}

/** Sets the order's payment method (and, when given, its payment reference). */
export async function setOrderPaymentMethod(trx: Kysely<Database>, orderId: number, method: 'dpopay' | 'cash' | 'bank', reference?: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ payment_method: method, updated_at: sql`now()`, ...(reference != null ? { payment_reference: reference } : {}) })
    .where('id', '=', orderId)
    .execute();
}

/** The lots of an order (ids of its lines' items). */
export async function orderItemIds(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const lines = await trx.selectFrom('order_lines').select('item_id').where('order_id', '=', orderId).execute();
  return lines.flatMap((l) => (l.item_id != null ? [l.item_id] : []));
}

/** The newest order of a won lot for its buyer (any status), with its latest payment's provider and status. */
export function findWonOrderOfItem(db: Kysely<Database>, userId: number, itemId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.id', 'o.order_reference', 'o.status', 'o.payment_method', 'o.amount_total', 'o.due_at'])
    .select((eb) => eb.selectFrom('order_lines as ol').select(eb.fn.countAll<number>().as('n')).whereRef('ol.order_id', '=', 'o.id').as('lot_count'))
    .select((eb) => eb.selectFrom('payments as p').select('p.status').whereRef('p.order_id', '=', 'o.id').orderBy('p.id', 'desc').limit(1).as('payment_status'))
    .where('o.user_id', '=', userId)
    .where('o.source', '=', 'auction')
    .where('l.item_id', '=', itemId)
    .orderBy('o.id', 'desc')
    .executeTakeFirst();
}
