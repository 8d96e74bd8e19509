import type { Transaction } from 'kysely';
import { dpoPayAccepts } from '@shared/rules/checkout.js';
import type { AdminOrderActionResult } from '@shared/schemas/admin-order.schema.js';
import type { PayWonOrderInput, RecordWonOrderPaymentInput } from '@shared/schemas/won-order-payment.schema.js';
import type { Database } from '../db/types.js';
import type { Actor, CommandOutcome } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { loadAdminOrders } from './orders-admin.service.js';
import { orderStatusChanged } from './orders.commands.js';
import { markOrderPaid } from './orders.repository.js';
import {
  cancelPendingPayments,
  findPendingDpoToken,
  insertPendingPayment,
  insertRecordedPayment,
  lockWonOrder as lockWonOrderRow,
  orderItemIds,
  setOrderPaymentMethod,
  type LockedWonOrder,
} from './won-orders.repository.js';

/** Longest amount DPO Pay takes, as buyers read it. Source: providers/dpo-pay.md "Gotchas"; issue 20. */
export const WON_ORDER_DPO_LIMIT_TEXT = 'DPO Pay takes at most MK 999,999.99 per payment';

/** Locks the order. @throws AppError 404 unknown order. */
async function lockWonOrder(trx: Transaction<Database>, orderId: number): Promise<LockedWonOrder> {
  const order = await lockWonOrderRow(trx, orderId);
  if (!order) throw AppError.notFound('Order not found');
  return order;
}

/** 409 for a won order that can no longer be paid (already paid, cancelled). */
function notAwaiting(order: LockedWonOrder): AppError {
  if (order.status === 'paid' || order.status === 'completed')
    return new AppError(409, 'conflict', `${order.order_reference} is already paid.`, undefined, { status: order.status });
  return new AppError(409, 'conflict', `${order.order_reference} is ${order.status.replace('_', ' ')} and cannot be paid.`, undefined, {
    status: order.status,
  });
}

/** What the buyer's choice did: the order, and for DPO Pay the payment to start (or the one already started). */
export interface WonOrderPaymentChoice {
  orderId: number;
  reference: string;
  amount: number;
  method: PayWonOrderInput['method'];
  /** DPO Pay: the pending payment row to ask a token for; null for cash and bank. */
  paymentId: number | null;
  /** DPO Pay: a token already asked for this order and still pending (reused, never a second charge). */
  existingToken: string | null;
  customer: { name: string; email: string; phone: string };
}

/**
 * Command (the winner): chooses how to pay their won auction's order (issue 13 "Settlement":
 * today it waited "awaiting payment" with no way to pay). Locks the order; it must be the
 * signed-in buyer's, from an auction, and still `awaiting_payment`.
 * - `dpopay`: refused with 422 over {@link dpoPayAccepts} (MK 999,999.99; the buyer is told
 *   before choosing too); a still-pending DPO payment with a token is reused (no second
 *   charge), otherwise a pending `dpopay` payment row is added for the caller to ask a token for.
 * - `cash` / `bank`: a pending `cash` / `bank` payment row (earlier pending cash/bank rows
 *   cancelled); an operator records the money with {@link recordWonOrderPayment}.
 * The order's `payment_method` becomes the choice. Event `order.status_changed`
 * (awaiting_payment → awaiting_payment, reason naming the choice) so operators' screens update.
 * @throws AppError 404 unknown order or not the caller's; 409 not awaiting payment; 422 over the DPO limit.
 */
export async function chooseWonOrderPayment(
  trx: Transaction<Database>,
  actor: Actor,
  input: { orderId: number; method: PayWonOrderInput['method'] },
): Promise<CommandOutcome<WonOrderPaymentChoice>> {
  if (actor.type !== 'user') throw AppError.forbidden();
  const order = await lockWonOrder(trx, input.orderId);
  if (order.user_id !== actor.id || order.source !== 'auction') throw AppError.notFound('Order not found');
  if (order.status !== 'awaiting_payment') throw notAwaiting(order);
  const { method } = input;
  if (method === 'dpopay' && !dpoPayAccepts(order.amount_total)) {
    const text = `${WON_ORDER_DPO_LIMIT_TEXT}; pay ${order.order_reference} in cash at the office or by bank transfer.`;
    throw new AppError(422, 'validation', text, { method: [text] }, { error_code: 'amount_limit' });
  }
  const customer = { name: order.customer_name ?? '', email: order.customer_email ?? '', phone: order.customer_phone ?? '' };
  const base = { orderId: order.id, reference: order.order_reference, amount: order.amount_total, method, customer };
  let paymentId: number | null = null;
  let existingToken: string | null = null;
  if (method === 'dpopay') {
    const pending = await findPendingDpoToken(trx, order.id);
    if (pending) {
      paymentId = pending.id;
      existingToken = pending.transaction_token;
    }
  } else {
    await cancelPendingPayments(trx, order.id, ['cash', 'bank']);
  }
  if (paymentId == null && !(method === 'dpopay' && existingToken)) {
    const id = await insertPendingPayment(trx, order.id, method, order.amount_total);
    paymentId = method === 'dpopay' ? id : null;
  }
  await setOrderPaymentMethod(trx, order.id, method);
  const label = method === 'dpopay' ? 'DPO Pay' : method === 'cash' ? 'cash at the office' : 'bank transfer';
  return {
    result: { ...base, paymentId, existingToken },
    events: [
      orderStatusChanged(
        { id: order.id, reference: order.order_reference },
        { before: order.status, after: order.status, itemIds: [], reason: `The buyer chose to pay by ${label}` },
      ),
    ],
  };
}

/**
 * Command (operator): records the money for a won auction's order still `awaiting_payment`:
 * cash received at the office, or a bank transfer confirmed (its reference kept). Exactly once
 * (order row locked; a second try is 409 '… is already paid.'). The order becomes `paid`
 * (`paid_at`, `settled_by` the operator, `payment_method`, `payment_reference`); a paid payment
 * row of that method is stored and every other pending payment of the order (e.g. a DPO token
 * never paid) is cancelled, so a late DPO answer cannot settle it a second time. Event
 * `order.status_changed` (awaiting_payment → paid, the lot, the reason): the audit trail.
 * @returns `{success, message, data: AdminOrderView}`.
 * @throws AppError 403 not an operator; 404 unknown order; 409 not an auction order, or not awaiting payment.
 * Source: issue 13 "Settlement" (no action for the operator: "No payment method", "—").
 */
export async function recordWonOrderPayment(
  trx: Transaction<Database>,
  actor: Actor,
  input: { orderId: number } & RecordWonOrderPaymentInput,
): Promise<CommandOutcome<AdminOrderActionResult>> {
  if (actor.type !== 'operator') throw AppError.forbidden();
  const order = await lockWonOrder(trx, input.orderId);
  if (order.source !== 'auction') throw new AppError(409, 'conflict', `${order.order_reference} is not a won auction's order.`);
  if (order.status !== 'awaiting_payment') throw notAwaiting(order);
  const reference = input.reference?.trim() || null;
  await cancelPendingPayments(trx, order.id);
  const explanation = input.method === 'cash' ? 'Cash received at the office' : `Bank transfer confirmed${reference ? ` (${reference})` : ''}`;
  await insertRecordedPayment(trx, { orderId: order.id, provider: input.method, amount: order.amount_total, reference, explanation });
  await markOrderPaid(trx, order.id, { settledBy: actor.id });
  await setOrderPaymentMethod(trx, order.id, input.method, reference ?? order.order_reference);
  const itemIds = await orderItemIds(trx, order.id);
  const [view] = await loadAdminOrders(trx, [order.id]);
  return {
    result: { success: true, message: `${explanation} for ${order.order_reference}; the order is paid.`, data: view },
    events: [orderStatusChanged({ id: order.id, reference: order.order_reference }, { before: order.status, after: 'paid', itemIds, reason: explanation })],
  };
}
