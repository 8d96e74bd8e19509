import type { Transaction } from 'kysely';
import { deleteCartLines, findCartId, type CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import type { VerifiedToken } from '../dpo/dpo-client.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { orderStatusChanged } from '../orders/orders.commands.js';
import { markOrderItemsSold, markOrderPaid, returnHeldUnits, setOrderPaymentReference, settleAwaitingOrder } from '../orders/orders.repository.js';
import { cartOwnerRef } from '../orders/orders.service.js';
import { lockPaymentWithOrder, markPaymentFailed, recordPaymentToken, recordVerification } from './payments.repository.js';

/** verifyToken Results meaning "not decided yet, check again". Source: providers/dpo-pay.md "verifyToken". */
const PENDING_RESULTS = new Set(['001', '005', '003', '007', '900']);
/** verifyToken Results meaning "not paid": the order is cancelled and its units go back on sale. */
const NOT_PAID_RESULTS = new Set(['901', '903', '904']);

/**
 * What DPO Pay's createToken answered for an order, asked outside any transaction: a token
 * (Result 000), or a refusal already mapped to an `errorCode` and its technical text.
 */
export type CreateTokenAnswer =
  | { kind: 'token'; transToken: string; transRef: string | null; result: string; explanation: string }
  | { kind: 'refused'; errorCode: string; technical: string };

/** The order a payment is started for, and what createToken answered. */
export interface StartPaymentInput {
  orderId: number;
  paymentId: number;
  reference: string;
  answer: CreateTokenAnswer;
}

/**
 * Command: records what createToken answered for a just-placed DPO Pay order.
 * - A token: stored on the payment (token, DPO's reference, result) and on the order
 *   (`payment_reference`). Event `order.payment_started`, so the payment is re-verified on a
 *   backoff schedule even if the buyer never comes back.
 * - A refusal: the payment `failed` with the code and text; the order, if still
 *   `awaiting_payment`, `failed` and its held units back on sale. Event `order.status_changed`
 *   (awaiting_payment → failed, the items, the technical text as reason).
 * Never throws for a refusal (the caller answers the buyer after the commit).
 * @returns `started`: true when a token was recorded.
 * Source: providers/dpo-pay.md "createToken", "verifyToken"; spec/shopping.md §8 "Payment-provider failures".
 */
export async function startPayment(trx: Transaction<Database>, _actor: Actor, input: StartPaymentInput): Promise<CommandOutcome<{ started: boolean }>> {
  const { answer } = input;
  if (answer.kind === 'token') {
    await recordPaymentToken(trx, input.paymentId, answer);
    await setOrderPaymentReference(trx, input.orderId, answer.transToken);
    return {
      result: { started: true },
      events: [
        domainEvent(
          'order.payment_started',
          { type: 'order', id: input.orderId },
          { order_id: input.orderId, reference: input.reference, payment_id: input.paymentId },
        ),
      ],
    };
  }
  const moved = await settleAwaitingOrder(trx, input.orderId, 'failed');
  const itemIds = moved ? await returnHeldUnits(trx, input.orderId) : [];
  await markPaymentFailed(trx, input.paymentId, { resultCode: answer.errorCode, explanation: answer.technical });
  return {
    result: { started: false },
    events: moved
      ? [
          orderStatusChanged(
            { id: input.orderId, reference: input.reference },
            { before: 'awaiting_payment', after: 'failed', itemIds, reason: `DPO Pay createToken: ${answer.technical}`.slice(0, 500) },
          ),
        ]
      : [],
  };
}

/** What verifying one payment did. `changedItemIds` lists items whose public state changed. */
export interface VerificationOutcome {
  outcome: 'paid' | 'pending' | 'not_paid' | 'flagged' | 'error' | 'already_settled';
  /** verifyToken's Result, or null when nothing was asked. */
  resultCode: string | null;
  orderId: number;
  changedItemIds: number[];
}

/**
 * Command: applies a verifyToken answer (asked outside any transaction) to a DPO Pay payment,
 * exactly once (row lock on the payment; a payment no longer pending is left alone:
 * `already_settled`, no event):
 * - 000 with the charged amount and currency → payment and order paid, items sold out marked
 *   sold, the order's items leave the owner's cart;
 * - 000 with another amount or currency, or 002 → flagged for an operator (stays pending);
 * - 901/903/904 → payment failed (904: cancelled), order cancelled, held units back on sale;
 * - 001/003/005/007/900 → still pending; anything else → error (logged by the caller).
 * Every answer counts one `verify_attempts` and stores the result code and explanation.
 * Events when paid or not paid: `order.status_changed` (the items, reason 'DPO Pay <Result>:
 * <explanation>') and `cart.changed` for the owner (their cart's lines left it, or its units
 * are back on sale).
 * Source: providers/dpo-pay.md "verifyToken", "The buyer comes back".
 */
export async function confirmPayment(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { paymentId: number; verified: VerifiedToken },
): Promise<CommandOutcome<VerificationOutcome>> {
  const v = input.verified;
  const p = await lockPaymentWithOrder(trx, input.paymentId);
  const owner: CartOwner = { userId: p.user_id, guestHash: p.user_id == null ? p.guest_token_hash : null };
  const base = { resultCode: v.result || null, orderId: p.order_id };
  const noEvents = (outcome: VerificationOutcome['outcome']): CommandOutcome<VerificationOutcome> => ({
    result: { ...base, outcome, changedItemIds: [] },
    events: [],
  });
  const answer = { resultCode: v.result || null, explanation: v.explanation || null };
  if (p.status !== 'pending') return noEvents('already_settled');

  const order = { id: p.order_id, reference: p.order_reference };
  const reason = `DPO Pay ${v.result}: ${v.explanation}`.slice(0, 500);
  const ownerCartChanged = async (action: string): Promise<DomainEvent[]> => {
    const cartId = await findCartId(trx, owner);
    return cartId ? [domainEvent('cart.changed', { type: 'cart', id: cartId }, { owner: cartOwnerRef(owner), item_id: null, action })] : [];
  };

  if (v.result === '000') {
    const amountOk = v.amount != null && Math.abs(v.amount - p.amount) < 0.005 && v.currency.toUpperCase() === p.currency.toUpperCase();
    if (!amountOk) {
      await recordVerification(trx, p.id, {
        ...answer,
        explanation: `Amount/currency mismatch: charged ${p.amount} ${p.currency}, DPO reports ${v.amount ?? '?'} ${v.currency || '?'}`,
      });
      return noEvents('flagged');
    }
    await recordVerification(trx, p.id, { ...answer, status: 'paid', approvalCode: v.approval || null, verified: true });
    await markOrderPaid(trx, p.order_id);
    const itemIds = await markOrderItemsSold(trx, p.order_id, p.user_id);
    const cartId = await findCartId(trx, owner);
    const removed = cartId && itemIds.length ? await deleteCartLines(trx, cartId, itemIds) : 0;
    const events = [orderStatusChanged(order, { before: p.order_status, after: 'paid', itemIds, reason })];
    if (cartId && removed > 0)
      events.push(domainEvent('cart.changed', { type: 'cart', id: cartId }, { owner: cartOwnerRef(owner), item_id: null, action: 'paid' }));
    return { result: { ...base, outcome: 'paid', changedItemIds: itemIds }, events };
  }
  if (v.result === '002') {
    await recordVerification(trx, p.id, answer);
    return noEvents('flagged');
  }
  if (NOT_PAID_RESULTS.has(v.result)) {
    await recordVerification(trx, p.id, { ...answer, status: v.result === '904' ? 'cancelled' : 'failed', verified: true });
    const moved = await settleAwaitingOrder(trx, p.order_id, 'cancelled');
    if (!moved) return { result: { ...base, outcome: 'not_paid', changedItemIds: [] }, events: [] };
    const itemIds = await returnHeldUnits(trx, p.order_id);
    return {
      result: { ...base, outcome: 'not_paid', changedItemIds: itemIds },
      events: [orderStatusChanged(order, { before: 'awaiting_payment', after: 'cancelled', itemIds, reason }), ...(await ownerCartChanged('payment_failed'))],
    };
  }
  await recordVerification(trx, p.id, answer);
  return noEvents(PENDING_RESULTS.has(v.result) ? 'pending' : 'error');
}
