import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CHECKOUT_MESSAGES as M } from '../../shared/messages/checkout.js';
import type { CheckoutInput, PaymentResult } from '../../shared/schemas/checkout.schema.js';
import type { CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import { DpoError, type DpoClient, type VerifiedToken } from '../dpo/dpo-client.js';
import { AppError } from '../http/app-error.js';
import { markOrderItemsSold, returnHeldUnits } from '../orders/order-stock.js';
import type { PlacedOrder } from '../orders/orders.service.js';

/** Payment time limit given to DPO Pay for a checkout, hours. */
export const DPO_PTL_HOURS = 1;

/** verifyToken Results meaning "not decided yet, check again". Source: providers/dpo-pay.md. */
const PENDING_RESULTS = new Set(['001', '005', '003', '007', '900']);
/** verifyToken Results meaning "not paid": the order is cancelled and its units go back on sale. */
const NOT_PAID_RESULTS = new Set(['901', '903', '904']);

/**
 * Maps a createToken failure to the spec's display message, an `error_code` and the technical
 * text (logged, and answered as `technical_error`). Source: spec/shopping.md §8
 * "Payment-provider failures"; providers/dpo-pay.md result table.
 */
export function mapCreateTokenError(err: unknown): { status: number; message: string; errorCode: string; technical: string } {
  if (!(err instanceof DpoError)) return { status: 502, message: M.dpoDefault, errorCode: 'unknown', technical: String((err as Error)?.message ?? err) };
  if (err.kind === 'network') return { status: 502, message: M.gatewayUnreachable, errorCode: 'gateway_unreachable', technical: err.message };
  if (err.kind === 'bad_response') return { status: 502, message: M.tokenFailed, errorCode: `http_${err.httpStatus ?? 'invalid'}`, technical: err.message };
  const code = err.result ?? 'unknown';
  const technical = `${code}: ${err.message}`;
  if (code === '905' || code === '906' || /Payment amount cannot exceed/i.test(err.message)) return { status: 422, message: M.overLimit, errorCode: code, technical };
  if (['801', '802'].includes(code) || /Invalid company token/i.test(err.message)) return { status: 502, message: M.gatewayConfig, errorCode: code, technical };
  if (/Service Type not active/i.test(err.message)) return { status: 502, message: M.serviceInactive, errorCode: code, technical };
  if (['803', '804', '902', '904', '940', '950', '960'].includes(code)) return { status: 502, message: M.processingError, errorCode: code, technical };
  return { status: 502, message: M.tokenFailed, errorCode: code, technical };
}

/**
 * Asks DPO Pay for a payment token for a just-created order (outside any transaction). On
 * success stores the token and DPO's reference on the payment and order. On failure the order
 * fails, its held units go back on sale, and an AppError carrying the mapped message,
 * `error_code` and `technical_error` is thrown.
 * @returns `{payment_url, transaction_token}`.
 */
export async function startDpoPayment(
  db: Kysely<Database>,
  dpo: DpoClient,
  args: { order: PlacedOrder; input: CheckoutInput; origin: string; logger?: Logger },
): Promise<{ paymentUrl: string; transactionToken: string }> {
  const { order, input, origin } = args;
  try {
    const created = await dpo.createToken({
      amount: order.total,
      currency: 'MWK',
      companyRef: order.reference,
      redirectUrl: `${origin}/payment-success`,
      backUrl: `${origin}/payment-cancel`,
      ptlHours: DPO_PTL_HOURS,
      customer: { email: input.customer.email, firstName: input.customer.firstName, lastName: input.customer.lastName, phone: input.customer.phone },
      description: `Gavel order ${order.reference}`,
      serviceDate: new Date(),
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payments')
        .set({ transaction_token: created.transToken, transaction_ref: created.transRef || null, result_code: created.result, result_explanation: created.explanation, updated_at: sql`now()` })
        .where('id', '=', order.paymentId)
        .execute();
      await trx.updateTable('orders').set({ payment_reference: created.transToken, updated_at: sql`now()` }).where('id', '=', order.orderId).execute();
    });
    return { paymentUrl: dpo.paymentUrl(created.transToken), transactionToken: created.transToken };
  } catch (err) {
    const mapped = mapCreateTokenError(err);
    args.logger?.warn({ err, order: order.reference, errorCode: mapped.errorCode }, 'DPO createToken failed');
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('orders')
        .set({ status: 'failed', cancelled_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', order.orderId)
        .where('status', '=', 'awaiting_payment')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) > 0) await returnHeldUnits(trx, order.orderId);
      await trx
        .updateTable('payments')
        .set({ status: 'failed', result_code: mapped.errorCode, result_explanation: mapped.technical.slice(0, 500), updated_at: sql`now()` })
        .where('id', '=', order.paymentId)
        .execute();
    });
    throw new AppError(mapped.status, 'payment_failed', mapped.message, undefined, {
      success: false,
      error_code: mapped.errorCode,
      technical_error: mapped.technical,
      error: mapped.message,
    });
  }
}

/** What verifying one payment did. `changed` lists items whose public state changed. */
export interface VerificationOutcome {
  outcome: 'paid' | 'pending' | 'not_paid' | 'flagged' | 'error' | 'already_settled';
  resultCode: string | null;
  orderId: number;
  changedItemIds: number[];
  /** Owner of the order (to clear their cart and publish). */
  owner: CartOwner;
}

/**
 * Applies a verifyToken answer to a pending DPO payment, exactly once (row lock on the payment;
 * a payment no longer pending is left alone):
 * - 000 with the charged amount and currency → payment and order paid, items sold out are
 *   marked sold, the order's items leave the owner's cart;
 * - 000 with another amount or currency, or 002 → flagged for an operator (stays pending);
 * - 901/903/904 → payment failed/cancelled, order cancelled, held units back on sale;
 * - 001/003/005/007/900 → still pending; anything else → error, logged by the caller.
 * Source: providers/dpo-pay.md "verifyToken".
 */
export async function applyVerification(db: Kysely<Database>, paymentId: number, v: VerifiedToken): Promise<VerificationOutcome> {
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.id', 'p.status', 'p.amount', 'p.currency', 'p.order_id', 'o.user_id', 'o.guest_token_hash', 'o.status as order_status'])
      .where('p.id', '=', paymentId)
      .forUpdate('p')
      .executeTakeFirstOrThrow();
    const owner: CartOwner = { userId: p.user_id, guestHash: p.user_id == null ? p.guest_token_hash : null };
    const base = { resultCode: v.result || null, orderId: p.order_id, owner };
    const touch = (extra: Record<string, unknown> = {}) =>
      trx
        .updateTable('payments')
        .set({ result_code: v.result || null, result_explanation: v.explanation.slice(0, 500) || null, verify_attempts: sql`verify_attempts + 1`, updated_at: sql`now()`, ...extra })
        .where('id', '=', p.id)
        .execute();
    if (p.status !== 'pending') return { ...base, outcome: 'already_settled', changedItemIds: [] };

    if (v.result === '000') {
      const amountOk = v.amount != null && Math.abs(v.amount - p.amount) < 0.005 && v.currency.toUpperCase() === p.currency.toUpperCase();
      if (!amountOk) {
        await touch({ result_explanation: `Amount/currency mismatch: charged ${p.amount} ${p.currency}, DPO reports ${v.amount ?? '?'} ${v.currency || '?'}` });
        return { ...base, outcome: 'flagged', changedItemIds: [] };
      }
      await touch({ status: 'paid', approval_code: v.approval || null, verified_at: sql`now()` });
      await trx.updateTable('orders').set({ status: 'paid', paid_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', p.order_id).execute();
      const itemIds = await markOrderItemsSold(trx, p.order_id, p.user_id);
      const cart = await trx
        .selectFrom('carts')
        .select('id')
        .where((eb) => (owner.userId != null ? eb('user_id', '=', owner.userId) : eb('guest_token_hash', '=', owner.guestHash ?? '')))
        .executeTakeFirst();
      if (cart && itemIds.length) await trx.deleteFrom('cart_items').where('cart_id', '=', cart.id).where('item_id', 'in', itemIds).execute();
      return { ...base, outcome: 'paid', changedItemIds: itemIds };
    }
    if (v.result === '002') {
      await touch();
      return { ...base, outcome: 'flagged', changedItemIds: [] };
    }
    if (NOT_PAID_RESULTS.has(v.result)) {
      await touch({ status: v.result === '904' ? 'cancelled' : 'failed', verified_at: sql`now()` });
      const moved = await trx
        .updateTable('orders')
        .set({ status: 'cancelled', cancelled_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', p.order_id)
        .where('status', '=', 'awaiting_payment')
        .executeTakeFirst();
      const itemIds = Number(moved.numUpdatedRows) > 0 ? await returnHeldUnits(trx, p.order_id) : [];
      return { ...base, outcome: 'not_paid', changedItemIds: itemIds };
    }
    await touch();
    return { ...base, outcome: PENDING_RESULTS.has(v.result) ? 'pending' : 'error', changedItemIds: [] };
  });
}

/**
 * Re-verifies one pending DPO Pay payment with verifyToken and applies the answer
 * ({@link applyVerification}); safe to call any number of times, from any process. Payments
 * that are not pending DPO payments with a token answer 'already_settled' without a call.
 * For the payment re-verification job (backoff schedule): retry while the outcome is 'pending'
 * or 'error'; stop on 'paid', 'not_paid', 'flagged' or 'already_settled'.
 * Publishing the changes is the caller's: `publishOrderChanges(db, bus, {itemIds: outcome.changedItemIds, owner: outcome.owner})` (server/orders/order-events.ts).
 * @throws DpoError 'network' | 'bad_response' when DPO Pay can't be reached (retry later).
 * Source: providers/dpo-pay.md "verifyToken" (re-verify pending orders on a backoff schedule).
 */
export async function reverifyPayment(db: Kysely<Database>, dpo: DpoClient, paymentId: number): Promise<VerificationOutcome> {
  const p = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.status', 'p.provider', 'p.transaction_token', 'p.order_id', 'o.user_id', 'o.guest_token_hash'])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
  if (!p) throw AppError.notFound('Payment not found');
  if (p.status !== 'pending' || p.provider !== 'dpopay' || !p.transaction_token) {
    return { outcome: 'already_settled', resultCode: null, orderId: p.order_id, changedItemIds: [], owner: { userId: p.user_id, guestHash: p.user_id == null ? p.guest_token_hash : null } };
  }
  const verified = await dpo.verifyToken(p.transaction_token);
  return applyVerification(db, p.id, verified);
}

/** True when the caller owns the order: its signed-in user, or the guest whose cart cookie placed it. */
function ownsOrder(order: { user_id: number | null; guest_token_hash: string | null }, viewer: CartOwner): boolean {
  if (order.user_id != null) return viewer.userId === order.user_id;
  return !!order.guest_token_hash && viewer.guestHash === order.guest_token_hash;
}

/**
 * The result pages' view of an order by reference, for its owner only. A DPO order whose payment
 * is still pending is verified first with the STORED token (the return query is never trusted).
 * @returns the result and the verification outcome (null when nothing was verified).
 * @throws AppError 404 'Order not found' for an unknown reference or another person's order.
 * Source: spec/shopping.md §2 "Payment success page", §4; providers/dpo-pay.md "The buyer comes back".
 */
export async function getPaymentResult(
  db: Kysely<Database>,
  dpo: DpoClient,
  args: { reference: string; viewer: CartOwner; reserveHours: number; logger?: Logger },
): Promise<{ result: PaymentResult; verification: VerificationOutcome | null }> {
  const order = await db.selectFrom('orders').selectAll().where('order_reference', '=', args.reference).executeTakeFirst();
  if (!order || !ownsOrder(order, args.viewer)) throw AppError.notFound(M.orderNotFound);
  let verification: VerificationOutcome | null = null;
  const pending = await db
    .selectFrom('payments')
    .select(['id'])
    .where('order_id', '=', order.id)
    .where('provider', '=', 'dpopay')
    .where('status', '=', 'pending')
    .where('transaction_token', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (pending) {
    try {
      verification = await reverifyPayment(db, dpo, pending.id);
    } catch (err) {
      args.logger?.warn({ err, order: order.order_reference }, 'DPO verifyToken failed');
    }
  }
  const fresh = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
  const payment = await db.selectFrom('payments').selectAll().where('order_id', '=', order.id).orderBy('id', 'desc').executeTakeFirst();
  const lines = await db.selectFrom('order_lines').select(['name', 'quantity', 'unit_price', 'amount']).where('order_id', '=', order.id).orderBy('id').execute();
  const cash = fresh.payment_method === 'cash';
  return {
    verification,
    result: {
      order_reference: fresh.order_reference,
      status: fresh.status,
      payment_status: payment?.status ?? null,
      payment_method: fresh.payment_method,
      amount: fresh.amount_total,
      currency: fresh.currency,
      transaction_id: cash ? null : (payment?.transaction_ref ?? null),
      approval_code: cash ? null : (payment?.approval_code ?? null),
      payment_date: fresh.paid_at ? fresh.paid_at.toISOString() : null,
      reserved_until: fresh.reserved_until ? fresh.reserved_until.toISOString() : null,
      reserve_hours: cash ? args.reserveHours : null,
      result_code: payment?.result_code ?? null,
      message: payment?.result_explanation ?? null,
      lines,
    },
  };
}
