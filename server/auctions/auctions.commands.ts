import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { insertOrder } from '../orders/orders.repository.js';
import { saleCharges } from '@shared/rules/settlement.js';
import { addInvoiceLine, lockOpenInvoice, refreshInvoiceTotals } from '../orders/invoices.repository.js';
import { getPaymentDueDays, getVatRatePercent } from '../settings/settings.repository.js';
import { findWinner, lockItemForClose, markItemClosed, type ClosingItem, type Winner } from './auctions.repository.js';

/** How a close ended: the lot, its status, the winner and their order; null when nothing was done. */
export type CloseResult = { item_id: number; status: 'sold' | 'unsold'; closed_by: number | null; order_id: number | null } | null;

/** Invoice number of a buyer's invoice for a sale: `INV-<sale id>-<random>` (the reference a bank transfer quotes). */
function invoiceNumber(saleId: number): string {
  return `INV-${saleId}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Puts a won lot on its buyer's invoice for the lot's sale (issue 13 "Settlement and results": one
 * invoice per buyer per sale): added to their invoice still collecting lots (see
 * {@link lockOpenInvoice}; totals recomputed) or a new invoice, stored by the same
 * {@link insertOrder} as a checkout's order, awaiting payment. The hammer price is the winning bid;
 * the buyer's premium is the sale's percent of the hammer total and VAT (setting
 * `vat_rate_percent`) is on the premium, both fixed on the invoice when it is made. The payment
 * deadline is `payment_due_days` after this close. @returns the invoice's (order's) id.
 */
export async function invoiceWonLot(
  trx: Transaction<Database>,
  item: Pick<ClosingItem, 'id' | 'name' | 'sale_id' | 'premium_percent' | 'now'> & { bid_amount: number },
  winner: Winner,
): Promise<number> {
  const hammer = item.bid_amount;
  const dueAt = new Date(item.now.getTime() + (await getPaymentDueDays(trx)) * DAY_MS);
  const open = await lockOpenInvoice(trx, item.sale_id, winner.id);
  if (open) {
    await addInvoiceLine(trx, open.id, { itemId: item.id, name: item.name, hammer });
    await refreshInvoiceTotals(trx, open, dueAt);
    return open.id;
  }
  const vatRate = await getVatRatePercent(trx);
  const charges = saleCharges([hammer], item.premium_percent, vatRate);
  return insertOrder(
    trx,
    {
      order_reference: invoiceNumber(item.sale_id),
      user_id: winner.id,
      source: 'auction',
      status: 'awaiting_payment',
      payment_method: null,
      payment_reference: null,
      sub_total: charges.hammer,
      vat: charges.vat,
      discount: 0,
      amount_total: charges.total,
      sale_id: item.sale_id,
      premium: charges.premium,
      premium_percent: item.premium_percent,
      vat_rate_percent: vatRate,
      due_at: dueAt,
      customer_name: winner.name,
      customer_email: winner.email,
      customer_phone: winner.phone,
      billing_address: null,
      billing_city: null,
      billing_state: null,
      billing_postal_code: null,
      billing_country: null,
    },
    [{ item_id: item.id, name: item.name, quantity: 1, unit_price: hammer, amount: hammer }],
  );
}

/**
 * Command: closes an online or live auction whose `date_to` has passed (database clock), in the
 * caller's transaction. The highest bidder wins when there is a bid and the reserve (if any) is
 * met → `sold`, `closed_by` = winner, and the lot goes on the winner's invoice for the sale
 * ({@link invoiceWonLot}: an order awaiting payment); otherwise `unsold`. Event `auction.closed` with the
 * order's id. Idempotent: a lot already closed, not yet ended, a cash lot or a lot of a draft
 * sale (issue 13 "Sales": it closes once the sale is published) or of a live sale a clerk runs (issue 15:
 * the hammer closes it, {@link hammerLot}) is left alone (result null, no event). Source: spec/shopping.md §5 (auction end), DESIGN.md "How a bid flows".
 */
export async function closeAuction(trx: Transaction<Database>, _actor: Actor, input: { itemId: number }): Promise<CommandOutcome<CloseResult>> {
  const item = await lockItemForClose(trx, input.itemId);
  if (!item || item.kind === 'cash' || !item.published || item.clerked || item.closed_by != null || item.status !== 'available')
    return { result: null, events: [] };
  if (!item.date_to || item.date_to.getTime() > item.now.getTime()) return { result: null, events: [] };

  const met = item.bid_amount != null && item.leader_id != null && (item.reserve_price == null || item.bid_amount >= item.reserve_price);
  let result: NonNullable<CloseResult>;
  if (!met) {
    await markItemClosed(trx, item.id, { status: 'unsold' });
    result = { item_id: item.id, status: 'unsold', closed_by: null, order_id: null };
  } else {
    const winner = await findWinner(trx, item.leader_id!);
    await markItemClosed(trx, item.id, { status: 'sold', winnerId: winner.id });
    const orderId = await invoiceWonLot(trx, { ...item, bid_amount: item.bid_amount! }, winner);
    result = { item_id: item.id, status: 'sold', closed_by: winner.id, order_id: orderId };
  }
  return {
    result,
    events: [domainEvent('auction.closed', { type: 'item', id: item.id }, { ...result, bid_amount: item.bid_amount })],
  };
}
