import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PaymentsTable } from '../db/types.js';

/** A payment row as read. */
export type PaymentRow = Selectable<PaymentsTable>;

/** Longest `result_explanation` stored, characters. */
const EXPLANATION_MAX = 500;

/**
 * Stores the pending payment of a new order (DPO Pay or cash), `amount` in MWK.
 * @returns the payment's id.
 */
export async function insertPayment(trx: Kysely<Database>, payment: { orderId: number; provider: 'dpopay' | 'cash'; amount: number }): Promise<number> {
  const row = await trx
    .insertInto('payments')
    .values({ order_id: payment.orderId, provider: payment.provider, status: 'pending', amount: payment.amount, currency: 'MWK' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores what DPO Pay's createToken answered on the payment (token, DPO's reference, result). */
export async function recordPaymentToken(
  trx: Kysely<Database>,
  paymentId: number,
  token: { transToken: string; transRef: string | null; result: string; explanation: string },
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      transaction_token: token.transToken,
      transaction_ref: token.transRef || null,
      result_code: token.result,
      result_explanation: token.explanation,
      updated_at: sql`now()`,
    })
    .where('id', '=', paymentId)
    .execute();
}

/** Marks a payment failed with the code and technical text of the failure (text cut to 500 characters). */
export async function markPaymentFailed(trx: Kysely<Database>, paymentId: number, failure: { resultCode: string; explanation: string }): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'failed', result_code: failure.resultCode, result_explanation: failure.explanation.slice(0, EXPLANATION_MAX), updated_at: sql`now()` })
    .where('id', '=', paymentId)
    .execute();
}

/** A payment locked with its order's owner, reference and status. */
export interface LockedPayment {
  id: number;
  status: PaymentRow['status'];
  amount: number;
  currency: string;
  order_id: number;
  order_reference: string;
  order_status: string;
  user_id: number | null;
  guest_token_hash: string | null;
}

/**
 * Locks a payment row (`FOR UPDATE`) and reads it with its order: two verifications of one
 * payment run one after the other, and the second sees the first's result. Call inside a
 * transaction. @throws NoResultError for an unknown payment id.
 */
export function lockPaymentWithOrder(trx: Kysely<Database>, paymentId: number): Promise<LockedPayment> {
  return trx
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.status', 'p.amount', 'p.currency', 'p.order_id', 'o.order_reference', 'o.status as order_status', 'o.user_id', 'o.guest_token_hash'])
    .where('p.id', '=', paymentId)
    .forUpdate('p')
    .executeTakeFirstOrThrow();
}

/**
 * Records one verifyToken answer on a payment: result code and explanation (cut to 500
 * characters), one more `verify_attempts`, and when given the new status, approval code and
 * `verified_at` now.
 */
export async function recordVerification(
  trx: Kysely<Database>,
  paymentId: number,
  v: { resultCode: string | null; explanation: string | null; status?: 'paid' | 'failed' | 'cancelled'; approvalCode?: string | null; verified?: boolean },
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      result_code: v.resultCode,
      result_explanation: v.explanation ? v.explanation.slice(0, EXPLANATION_MAX) : null,
      verify_attempts: sql`verify_attempts + 1`,
      updated_at: sql`now()`,
      ...(v.status ? { status: v.status } : {}),
      ...(v.approvalCode !== undefined ? { approval_code: v.approvalCode } : {}),
      ...(v.verified ? { verified_at: sql`now()` } : {}),
    })
    .where('id', '=', paymentId)
    .execute();
}

/** Marks an order's pending cash payment paid (`verified_at` now, 'Cash received on delivery'). */
export async function markCashPaymentPaid(trx: Kysely<Database>, orderId: number): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'paid', verified_at: sql`now()`, result_explanation: 'Cash received on delivery', updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('provider', '=', 'cash')
    .where('status', '=', 'pending')
    .execute();
}

/** Cancels an order's pending cash payment (a reservation cancelled or released). */
export async function cancelPendingCashPayment(trx: Kysely<Database>, orderId: number): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('provider', '=', 'cash')
    .where('status', '=', 'pending')
    .execute();
}

/** What deciding whether to call verifyToken needs: the payment, its token and its order's owner. */
export function findPaymentForVerification(db: Kysely<Database>, paymentId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.status', 'p.provider', 'p.transaction_token', 'p.order_id', 'o.user_id', 'o.guest_token_hash'])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
}

/** The id of an order's latest pending DPO Pay payment that has a token, or undefined. */
export async function findPendingDpoPaymentId(db: Kysely<Database>, orderId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('payments')
    .select(['id'])
    .where('order_id', '=', orderId)
    .where('provider', '=', 'dpopay')
    .where('status', '=', 'pending')
    .where('transaction_token', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** Ids of orders with a pending DPO Pay payment that has a token (checks to resume after a restart), oldest first, at most `limit`. */
export async function findOrdersWithPendingDpoPayments(db: Kysely<Database>, limit = 1000): Promise<number[]> {
  const rows = await db
    .selectFrom('payments')
    .select('order_id')
    .distinct()
    .where('provider', '=', 'dpopay')
    .where('status', '=', 'pending')
    .where('transaction_token', 'is not', null)
    .orderBy('order_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.order_id);
}

/** The id of an order's latest DPO Pay payment (any status), or undefined. */
export async function findLatestDpoPaymentId(db: Kysely<Database>, orderId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('provider', '=', 'dpopay')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** An order's latest payment (any provider), or undefined. */
export function findLatestPayment(db: Kysely<Database>, orderId: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirst();
}
