import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { insertOrder } from '../orders/orders.repository.js';
import { findWinner, lockItemForClose, markItemClosed } from './auctions.repository.js';

/** How a close ended: the lot, its status, the winner and their order; null when nothing was done. */
export type CloseResult = { item_id: number; status: 'sold' | 'unsold'; closed_by: number | null; order_id: number | null } | null;

/** Order reference of a won lot: `AUC-<lot id>-<random>`. */
function auctionOrderReference(itemId: number): string {
  return `AUC-${itemId}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * Command: closes an online or live auction whose `date_to` has passed (database clock), in the
 * caller's transaction. The highest bidder wins when there is a bid and the reserve (if any) is
 * met → `sold`, `closed_by` = winner, and an order awaiting payment for the winner, stored by the
 * same {@link insertOrder} as a checkout's; otherwise `unsold`. Event `auction.closed` with the
 * order's id. Idempotent: a lot already closed, not yet ended, a cash lot or a lot of a draft
 * sale (issue 13 "Sales": it closes once the sale is published) is left alone (result null, no event). Source: spec/shopping.md §5 (auction end), DESIGN.md "How a bid flows".
 */
export async function closeAuction(trx: Transaction<Database>, _actor: Actor, input: { itemId: number }): Promise<CommandOutcome<CloseResult>> {
  const item = await lockItemForClose(trx, input.itemId);
  if (!item || item.kind === 'cash' || !item.published || item.closed_by != null || item.status !== 'available') return { result: null, events: [] };
  if (!item.date_to || item.date_to.getTime() > item.now.getTime()) return { result: null, events: [] };

  const met = item.bid_amount != null && item.leader_id != null && (item.reserve_price == null || item.bid_amount >= item.reserve_price);
  let result: NonNullable<CloseResult>;
  if (!met) {
    await markItemClosed(trx, item.id, { status: 'unsold' });
    result = { item_id: item.id, status: 'unsold', closed_by: null, order_id: null };
  } else {
    const winner = await findWinner(trx, item.leader_id!);
    await markItemClosed(trx, item.id, { status: 'sold', winnerId: winner.id });
    const amount = item.bid_amount!;
    const orderId = await insertOrder(
      trx,
      {
        order_reference: auctionOrderReference(item.id),
        user_id: winner.id,
        source: 'auction',
        status: 'awaiting_payment',
        payment_method: null,
        payment_reference: null,
        sub_total: amount,
        vat: 0,
        discount: 0,
        amount_total: amount,
        customer_name: winner.name,
        customer_email: winner.email,
        customer_phone: winner.phone,
        billing_address: null,
        billing_city: null,
        billing_state: null,
        billing_postal_code: null,
        billing_country: null,
      },
      [{ item_id: item.id, name: item.name, quantity: 1, unit_price: amount, amount }],
    );
    result = { item_id: item.id, status: 'sold', closed_by: winner.id, order_id: orderId };
  }
  return {
    result,
    events: [domainEvent('auction.closed', { type: 'item', id: item.id }, { ...result, bid_amount: item.bid_amount })],
  };
}
