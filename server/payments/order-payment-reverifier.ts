import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { PaymentVerificationOutcome, ReverifyPayment } from '../../workers/verify-payment.processor.js';
import type { Database } from '../db/types.js';
import type { DpoClient } from '../dpo/dpo-client.js';
import { publishOrderChanges } from '../orders/order-events.js';
import type { EventBus } from '../realtime/bus.js';
import { reverifyPayment } from './payments.service.js';

/**
 * The payment re-verification job's verifier (issue 6 ↔ issue 5): for an order, finds its
 * pending DPO Pay payment, checks it with verifyToken ({@link reverifyPayment}), publishes what
 * changed (items sold or back on sale, the owner's cart, `order.updated` for operators) and answers the job's outcome:
 * 'paid'; 'failed' when declined, cancelled, timed out or flagged for an operator (over/under
 * paid: no more automatic checks); 'pending' to be checked again on the backoff schedule;
 * 'not_found' when the order has no DPO payment. An order already settled answers its state.
 * @throws DpoError when DPO Pay can't be reached, or its answer can't be read (the job retries).
 * Source: providers/dpo-pay.md "verifyToken" (pending orders are re-verified on a backoff schedule).
 */
export function createOrderPaymentReverifier(deps: { db: Kysely<Database>; dpo: DpoClient; bus: EventBus; logger: Logger }): ReverifyPayment {
  return async (orderId: number): Promise<PaymentVerificationOutcome> => {
    const payment = await deps.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', orderId)
      .where('provider', '=', 'dpopay')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!payment) return 'not_found';
    const v = await reverifyPayment(deps.db, deps.dpo, payment.id);
    if (v.changedItemIds.length || v.outcome === 'paid' || v.outcome === 'not_paid') {
      await publishOrderChanges(deps.db, deps.bus, { itemIds: v.changedItemIds, owner: v.owner, orderIds: [v.orderId], logger: deps.logger });
    }
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
        const order = await deps.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
        if (!order) return 'not_found';
        if (order.status === 'paid' || order.status === 'completed') return 'paid';
        if (order.status === 'cancelled') return 'cancelled';
        return order.status === 'failed' ? 'failed' : 'pending';
      }
    }
  };
}
