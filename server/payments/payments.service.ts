import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout.js';
import type { CheckoutInput, PaymentResult } from '@shared/schemas/checkout.schema.js';
import type { CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import { DpoError, type DpoClient } from '../dpo/dpo-client.js';
import type { CommandRunner } from '../events/command-runner.js';
import { systemActor, type Actor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import type { PlacedOrder } from '../orders/orders.commands.js';
import { findOrderById, findOrderByReference, listOrderLineSummaries } from '../orders/orders.repository.js';
import { buyerActor } from '../orders/orders.service.js';
import { confirmPayment, startPayment, type VerificationOutcome } from './payments.commands.js';
import { findLatestPayment, findPaymentForVerification, findPendingDpoPaymentId } from './payments.repository.js';

/** Payment time limit given to DPO Pay for a checkout, hours. */
export const DPO_PTL_HOURS = 1;

/** The actor of a payment check made by the re-verification job. */
export const PAYMENT_CHECK_ACTOR = systemActor('payment-verify');

/** What the payment services call: DPO Pay (or its simulator) and the command runner. */
export interface PaymentServiceDeps {
  dpo: DpoClient;
  runner: CommandRunner;
  logger?: Logger;
}

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
  if (code === '905' || code === '906' || /Payment amount cannot exceed/i.test(err.message))
    return { status: 422, message: M.overLimit, errorCode: code, technical };
  if (['801', '802'].includes(code) || /Invalid company token/i.test(err.message)) return { status: 502, message: M.gatewayConfig, errorCode: code, technical };
  if (/Service Type not active/i.test(err.message)) return { status: 502, message: M.serviceInactive, errorCode: code, technical };
  if (['803', '804', '902', '904', '940', '950', '960'].includes(code)) return { status: 502, message: M.processingError, errorCode: code, technical };
  return { status: 502, message: M.tokenFailed, errorCode: code, technical };
}

/**
 * Asks DPO Pay for a payment token for a just-placed order (createToken, outside any
 * transaction), then records the answer with the {@link startPayment} command: the token, or
 * the refusal (order failed, held units back on sale). After a refusal, throws an AppError with
 * the mapped message, `error_code`, `technical_error` and `error` ({@link mapCreateTokenError}).
 * @returns `{paymentUrl, transactionToken}`: the buyer's payment page and DPO's token.
 * Source: providers/dpo-pay.md "createToken"; spec/shopping.md §3 "DPO response", §8.
 */
export async function startDpoPayment(
  deps: PaymentServiceDeps,
  args: { order: PlacedOrder; input: CheckoutInput; origin: string; actor: Actor },
): Promise<{ paymentUrl: string; transactionToken: string }> {
  const { dpo, runner } = deps;
  const { order, input, origin, actor } = args;
  const target = { orderId: order.orderId, paymentId: order.paymentId, reference: order.reference };
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
    await runner.run(startPayment, actor, { ...target, answer: { kind: 'token', ...created } });
    return { paymentUrl: dpo.paymentUrl(created.transToken), transactionToken: created.transToken };
  } catch (err) {
    const mapped = mapCreateTokenError(err);
    deps.logger?.warn({ err, order: order.reference, errorCode: mapped.errorCode }, 'DPO createToken failed');
    await runner.run(startPayment, actor, { ...target, answer: { kind: 'refused', errorCode: mapped.errorCode, technical: mapped.technical } });
    throw new AppError(mapped.status, 'payment_failed', mapped.message, undefined, {
      success: false,
      error_code: mapped.errorCode,
      technical_error: mapped.technical,
      error: mapped.message,
    });
  }
}

/**
 * Re-verifies one pending DPO Pay payment: verifyToken with the STORED token (outside any
 * transaction), then the {@link confirmPayment} command applies the answer as `actor`; safe to
 * call any number of times, from any process. A payment that is not a pending DPO payment with
 * a token answers 'already_settled' without a call. For the re-verification job (backoff
 * schedule): retry while the outcome is 'pending' or 'error'; stop on 'paid', 'not_paid',
 * 'flagged' or 'already_settled'.
 * @throws AppError 404 'Payment not found' for an unknown id; DpoError 'network' |
 *   'bad_response' when DPO Pay can't be reached (retry later).
 * Source: providers/dpo-pay.md "verifyToken" (re-verify pending orders on a backoff schedule).
 */
export async function reverifyPayment(
  db: Kysely<Database>,
  deps: PaymentServiceDeps,
  paymentId: number,
  actor: Actor = PAYMENT_CHECK_ACTOR,
): Promise<VerificationOutcome> {
  const p = await findPaymentForVerification(db, paymentId);
  if (!p) throw AppError.notFound('Payment not found');
  if (p.status !== 'pending' || p.provider !== 'dpopay' || !p.transaction_token) {
    return { outcome: 'already_settled', resultCode: null, orderId: p.order_id, changedItemIds: [] };
  }
  const verified = await deps.dpo.verifyToken(p.transaction_token);
  return deps.runner.run(confirmPayment, actor, { paymentId: p.id, verified });
}

/** True when the caller owns the order: its signed-in user, or the guest whose cart cookie placed it. */
function ownsOrder(order: { user_id: number | null; guest_token_hash: string | null }, viewer: CartOwner): boolean {
  if (order.user_id != null) return viewer.userId === order.user_id;
  return !!order.guest_token_hash && viewer.guestHash === order.guest_token_hash;
}

/**
 * Hours a cash-on-delivery order was reserved for when placed (its `reserved_until` less its
 * `created_at`, both the placing transaction's clock), so the result page keeps stating them after
 * operators change the setting; null when the order holds no reservation.
 */
function heldHours(createdAt: Date, reservedUntil: Date | null): number | null {
  if (!reservedUntil) return null;
  const hours = Math.round((reservedUntil.getTime() - createdAt.getTime()) / 3_600_000);
  return hours > 0 ? hours : null;
}

/**
 * The result pages' view of an order by reference, for its owner only. A DPO order whose payment
 * is still pending is verified first with the STORED token (the return query is never trusted),
 * the viewer being the actor of what that settles; a failed verifyToken is logged and the
 * order's current state answered.
 * @returns the result and the verification outcome (null when nothing was verified).
 * @throws AppError 404 'Order not found' for an unknown reference or another person's order.
 * Source: spec/shopping.md §2 "Payment success page", §4; providers/dpo-pay.md "The buyer comes back".
 */
export async function getPaymentResult(
  db: Kysely<Database>,
  deps: PaymentServiceDeps,
  args: { reference: string; viewer: CartOwner; reserveHours: number },
): Promise<{ result: PaymentResult; verification: VerificationOutcome | null }> {
  const order = await findOrderByReference(db, args.reference);
  if (!order || !ownsOrder(order, args.viewer)) throw AppError.notFound(M.orderNotFound);
  let verification: VerificationOutcome | null = null;
  const pendingId = await findPendingDpoPaymentId(db, order.id);
  if (pendingId !== undefined) {
    try {
      verification = await reverifyPayment(db, deps, pendingId, buyerActor(args.viewer));
    } catch (err) {
      deps.logger?.warn({ err, order: order.order_reference }, 'DPO verifyToken failed');
    }
  }
  const fresh = (await findOrderById(db, order.id))!;
  const payment = await findLatestPayment(db, order.id);
  const lines = await listOrderLineSummaries(db, order.id);
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
      reserve_hours: cash ? (heldHours(fresh.created_at, fresh.reserved_until) ?? args.reserveHours) : null,
      result_code: payment?.result_code ?? null,
      message: payment?.result_explanation ?? null,
      lines,
    },
  };
}
