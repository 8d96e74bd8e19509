import type { Transaction } from 'kysely';
import type { ReofferLotInput } from '@shared/schemas/invoice.schema.js';
import { invoiceWonLot } from '../auctions/auctions.commands.js';
import { findWinner, lockItemForClose } from '../auctions/auctions.repository.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { orderStatusChanged } from './orders.commands.js';
import {
  awardLot,
  cancelInvoice,
  findInvoiceLine,
  findNextBidder,
  hasPendingDpoPayment,
  lockInvoice,
  markLotUnsold,
  orderReferenceOf,
  refreshInvoiceTotals,
  removeInvoiceLine,
} from './invoices.repository.js';
import { cancelPendingPayments } from './won-orders.repository.js';

/** What taking an unpaid lot off an invoice did. */
export interface ReofferResult {
  success: true;
  message: string;
  item_id: number;
  /** The invoice the lot left: its state after (cancelled when it held no other lot). */
  from_order: { id: number; reference: string; status: 'awaiting_payment' | 'cancelled' };
  /** Second chance: the next bidder's invoice now holding the lot; null when released. */
  to_order: { id: number; reference: string; user_id: number; amount: number } | null;
}

/**
 * Command (operator): takes an unpaid lot off its buyer's invoice (issue 13 "Settlement": "offer an
 * unpaid lot to the next bidder (second-chance offer) or relist it"). The invoice must be awaiting
 * payment with no DPO Pay payment under way (its amount is what the buyer may be paying); the lot
 * leaves it, its totals are recomputed (premium and VAT at the invoice's own rates, same
 * deadline), and an invoice left with no lot is cancelled with the reason.
 * - `second_chance`: the lot goes to the highest other bidder at their highest bid (reserve not
 *   applied: the operator chose to offer it), on their invoice for the sale like a close would put
 *   it, with a fresh deadline. Events `lot.reoffered` and `auction.closed` (sold to them: they are
 *   told they won, every open page updates).
 * - `release`: the lot becomes unsold (no buyer), so the lots screen can relist it. Event `lot.reoffered`.
 * @throws AppError 403 not an operator; 404 unknown invoice or the lot is not on it; 409 the
 *   invoice is paid or cancelled, a DPO payment is under way, or no other bidder (second chance).
 */
export async function reofferUnpaidLot(
  trx: Transaction<Database>,
  actor: Actor,
  input: { orderId: number; itemId: number } & ReofferLotInput,
): Promise<CommandOutcome<ReofferResult>> {
  if (actor.type !== 'operator') throw AppError.forbidden();
  const order = await lockInvoice(trx, input.orderId);
  if (!order || order.source !== 'auction') throw AppError.notFound('Invoice not found');
  if (order.status !== 'awaiting_payment') {
    throw new AppError(409, 'conflict', `${order.order_reference} is ${order.status.replace('_', ' ')}: its lots can no longer be offered again.`);
  }
  if (await hasPendingDpoPayment(trx, order.id)) {
    throw new AppError(409, 'conflict', `The buyer has started paying ${order.order_reference} by DPO Pay; wait until that payment ends.`);
  }
  const line = await findInvoiceLine(trx, order.id, input.itemId);
  if (!line) throw AppError.notFound(`That lot is not on ${order.order_reference}.`);
  // The lot, locked as a close locks it (its sale's premium, the database clock).
  const item = await lockItemForClose(trx, input.itemId);
  if (!item) throw AppError.notFound('Lot not found');
  const next = input.action === 'second_chance' ? await findNextBidder(trx, item.id, order.user_id) : undefined;
  if (input.action === 'second_chance' && !next) throw new AppError(409, 'conflict', `Nobody else bid on ${item.name}: release it to relist it instead.`);

  // The lot leaves the invoice; an invoice left empty is cancelled.
  const events: DomainEvent[] = [];
  let fromStatus: 'awaiting_payment' | 'cancelled' = 'awaiting_payment';
  if ((await removeInvoiceLine(trx, order.id, line.id)) === 0) {
    fromStatus = 'cancelled';
    await cancelPendingPayments(trx, order.id);
    await cancelInvoice(trx, order.id, input.reason, actor.id);
    events.push(
      orderStatusChanged(
        { id: order.id, reference: order.order_reference },
        { before: 'awaiting_payment', after: 'cancelled', itemIds: [item.id], reason: input.reason },
      ),
    );
  } else {
    const terms = { id: order.id, premium_percent: Number(order.premium_percent ?? 0), vat_rate_percent: Number(order.vat_rate_percent ?? 0) };
    await refreshInvoiceTotals(trx, terms, order.due_at ?? item.now);
  }

  let toOrder: ReofferResult['to_order'] = null;
  if (next) {
    const winner = await findWinner(trx, next.user_id);
    await awardLot(trx, item.id, winner.id, next.amount);
    const orderId = await invoiceWonLot(trx, { ...item, sale_id: Number(item.sale_id), bid_amount: next.amount }, winner);
    toOrder = { id: orderId, reference: await orderReferenceOf(trx, orderId), user_id: winner.id, amount: next.amount };
    events.push(
      domainEvent(
        'auction.closed',
        { type: 'item', id: item.id },
        { item_id: item.id, status: 'sold', closed_by: winner.id, bid_amount: next.amount, order_id: orderId },
      ),
    );
  } else {
    await markLotUnsold(trx, item.id);
  }
  events.unshift(
    domainEvent(
      'lot.reoffered',
      { type: 'item', id: item.id },
      {
        item_id: item.id,
        action: input.action === 'second_chance' ? 'second_chance' : 'released',
        from_order_id: order.id,
        from_user_id: order.user_id,
        to_user_id: toOrder?.user_id ?? null,
        amount: toOrder?.amount ?? null,
        order_id: toOrder?.id ?? null,
        reason: input.reason,
      },
    ),
  );
  const message = toOrder
    ? `${item.name} is offered to the next bidder at their bid; it is on their invoice ${toOrder.reference}.`
    : `${item.name} is off ${order.order_reference} and unsold: relist it from the lots screen.`;
  return {
    result: { success: true, message, item_id: item.id, from_order: { id: order.id, reference: order.order_reference, status: fromStatus }, to_order: toOrder },
    events,
  };
}
