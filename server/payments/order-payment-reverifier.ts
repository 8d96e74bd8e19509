import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { PaymentVerificationOutcome, ReverifyPayment } from '../jobs/verify-payment.job.js';
import type { Database } from '../db/types.js';
import type { DpoClient } from '../dpo/dpo-client.js';
import type { CommandRunner } from '../events/command-runner.js';
import { findOrderById } from '../orders/orders.repository.js';
import { PAYMENT_CHECK_ACTOR, reverifyPayment } from './payments.service.js';
import { findLatestDpoPaymentId } from './payments.repository.js';

/**
 * The payment re-verification job's verifier: for an order, finds its latest DPO Pay payment,
 * checks it with verifyToken and applies the answer through the `confirmPayment` command as
 * the system actor 'payment-verify' ({@link reverifyPayment}; the command's events tell
 * operators, item pages and the owner's cart after the commit), and answers the job's outcome:
 * 'paid'; 'failed' when declined, cancelled, timed out or flagged for an operator (over/under
 * paid: no more automatic checks); 'pending' to be checked again on the backoff schedule;
 * 'not_found' when the order has no DPO payment. An order already settled answers its state.
 * @throws DpoError when DPO Pay can't be reached, or its answer can't be read; Error for a
 *   Result that is neither paid, pending nor not paid (the job retries both).
 * Source: providers/dpo-pay.md "verifyToken" (pending orders are re-verified on a backoff schedule).
 */
export function createOrderPaymentReverifier(deps: { db: Kysely<Database>; dpo: DpoClient; runner: CommandRunner; logger: Logger }): ReverifyPayment {
  return async (orderId: number): Promise<PaymentVerificationOutcome> => {
    const paymentId = await findLatestDpoPaymentId(deps.db, orderId);
    if (paymentId === undefined) return 'not_found';
    const v = await reverifyPayment(deps.db, deps, paymentId, PAYMENT_CHECK_ACTOR);
    switch (v.outcome) {
      case 'paid':
        return 'paid';
      case 'pending':
        return 'pending';
      case 'error':
        throw new Error(`DPO Pay answered result ${v.resultCode ?? 'unknown'} for order ${orderId}`);
      case 'not_paid':
        return 'failed';
      case 'flagged':
        deps.logger.warn({ order_id: orderId, result: v.resultCode }, 'payment flagged for an operator (over- or under-paid)');
        return 'failed';
      case 'already_settled': {
        const order = await findOrderById(deps.db, orderId);
        if (!order) return 'not_found';
        if (order.status === 'paid' || order.status === 'completed') return 'paid';
        if (order.status === 'cancelled') return 'cancelled';
        return order.status === 'failed' ? 'failed' : 'pending';
      }
    }
  };
}
