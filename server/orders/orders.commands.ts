import type { Transaction } from 'kysely';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout.js';
import { cartRefusal, cartRefusalMessage } from '@shared/rules/cart-availability.js';
import type { AdminOrderActionResult } from '@shared/schemas/admin-order.schema.js';
import { dpoPayAccepts } from '@shared/rules/checkout.js';
import { phoneKey } from '@shared/rules/phone.js';
import type { CheckoutInput } from '@shared/schemas/checkout.schema.js';
import { deleteCartLines, findCartId, listCartLines, type CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { cancelPendingCashPayment, insertPayment, markCashPaymentPaid } from '../payments/payments.repository.js';
import { loadAdminOrders } from './orders-admin.service.js';
import {
  holdItemUnits,
  countOpenOrders,
  insertOrder,
  lockOrder,
  markOrderCancelled,
  markOrderItemsSold,
  markOrderPaid,
  releaseReservedItems,
  reserveItem,
  selectDatabaseNow,
  takeReservedUnits,
  type LockedOrder,
} from './orders.repository.js';
import { cartOwnerRef, newOrderReference } from './orders.service.js';

/** What a buyer's checkout asks for: whose cart, how they pay, their details, and how long cash reserves (hours). */
export interface PlaceOrderInput {
  owner: CartOwner;
  method: 'dpopay' | 'cash';
  checkout: CheckoutInput;
  /** Hours a cash-on-delivery order reserves its items (setting `cod_reservation_hours`); unused for DPO Pay. */
  reserveHours: number;
  /** SHA-256 of the address the checkout came from (null: unknown). */
  placedFrom?: string | null;
  /**
   * Most open (unpaid) orders per account or phone (`perBuyer`) and per source address
   * (`perSource`); absent: no cap. Source: issue 18.
   */
  openOrderCap?: { perBuyer: number; perSource: number };
}

/** An order just created from a cart. */
export interface PlacedOrder {
  orderId: number;
  paymentId: number;
  reference: string;
  /** MWK, from the server's prices. */
  total: number;
  itemIds: number[];
  /** End of a cash-on-delivery reservation; null for DPO Pay. */
  reservedUntil: Date | null;
}

/** A released reservation: the cancelled order and the items put back on sale. */
export interface ReleasedReservation {
  order_id: number;
  item_ids: number[];
}

/** The reason an expired reservation's release gives in the event log (the order's `cancel_reason` stays empty). */
export const RESERVATION_EXPIRED_REASON = 'Reservation expired before the cash was received';

/** The reason cash-received gives in the event log (as on the payment row). */
const CASH_RECEIVED_REASON = 'Cash received on delivery';

const formatWhen = (d: Date) =>
  d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Blantyre' });

const roundMoney = (n: number) => Math.round(n * 100) / 100;

/** The event of an order's status change, with the items whose public state changed. */
export function orderStatusChanged(
  order: { id: number; reference: string },
  change: { before: string; after: string; itemIds: number[]; reason: string | null },
): DomainEvent {
  return domainEvent(
    'order.status_changed',
    { type: 'order', id: order.id },
    { order_id: order.id, reference: order.reference, before: change.before, after: change.after, item_ids: change.itemIds, reason: change.reason },
  );
}

/**
 * Command: creates a checkout order from the owner's SERVER cart (the client's cart and total are
 * ignored): every line must be a daily-sale item on sale; the price is the item's
 * `target_amount`; the total must be above zero (and, for DPO Pay, at most MK 999,999.99).
 * - `dpopay`: order `awaiting_payment`, units held (`items.quantity` decremented conditionally).
 * - `cash`: order `reserved` until now + `reserveHours` (database clock), items `is_reserved`
 *   with `reserved_until`; the cart is emptied.
 * The order is stored by {@link insertOrder} (as an auction's), with a pending payment row
 * (provider dpopay or cash) of the amount. Races are decided by conditional updates: of two
 * buyers of the last unit one wins; the other gets 409 with the item's name and nothing is written.
 * Events: `order.placed` (with `reserved_until` for cash, so its release is scheduled) and, for
 * cash, `cart.changed` for the owner (action `checkout`).
 * Before anything is claimed, the buyer's open (unpaid) orders are counted per account or phone
 * and per source address: at `openOrderCap` the answer is 429 `{message, success: false,
 * error_code: 'open_orders_limit'}` (issue 18: unpaid orders could take any stock off sale).
 * @throws AppError 422 empty cart / bad total / item not purchasable; over the DPO limit 422
 *   `{message, errors: {payment_method: [limit text, what to do instead]}}` (issue 20);
 *   409 when an item is reserved or was just taken by someone else.
 * Source: spec/shopping.md §4 "Place order", §7, §8, §9; providers/dpo-pay.md "Gotchas".
 */
export async function placeOrder(trx: Transaction<Database>, _actor: Actor, input: PlaceOrderInput): Promise<CommandOutcome<PlacedOrder>> {
  const { owner, method, checkout } = input;
  const cartId = await findCartId(trx, owner);
  const lines = cartId ? await listCartLines(trx, cartId) : [];
  if (!cartId || lines.length === 0) throw new AppError(422, 'validation', M.dpoEmptyCart, undefined, { success: false, error_code: 'empty_cart' });
  for (const line of lines) {
    const refusal = cartRefusal(line);
    if (refusal === 'bid_only' || refusal === 'sold' || refusal === 'reserved') {
      const message = refusal === 'reserved' ? M.reservedInCart : `${line.name}: ${cartRefusalMessage(refusal)}`;
      throw new AppError(refusal === 'reserved' ? 409 : 422, 'conflict', message, undefined, {
        success: false,
        error_code: `item_${refusal}`,
        item_id: line.item_id,
      });
    }
  }
  const total = roundMoney(lines.reduce((s, l) => s + l.target_amount * l.quantity, 0));
  if (!(total > 0)) throw new AppError(422, 'validation', M.dpoBadTotal, undefined, { success: false, error_code: 'bad_total' });
  if (method === 'dpopay' && !dpoPayAccepts(total)) {
    throw new AppError(422, 'validation', M.overLimit, { payment_method: [M.overLimit, M.overLimitAdvice] }, { success: false, error_code: 'amount_limit' });
  }

  const phone = phoneKey(checkout.customer.phone);
  const placedFrom = input.placedFrom ?? null;
  if (input.openOrderCap) {
    const open = await countOpenOrders(trx, { userId: owner.userId, phoneKey: phone, placedFrom });
    const cap = input.openOrderCap;
    if (open.buyer >= cap.perBuyer || open.source >= cap.perSource) {
      const n = open.buyer >= cap.perBuyer ? cap.perBuyer : cap.perSource;
      throw new AppError(429, 'rate_limited', M.tooManyOpenOrders(n), undefined, { success: false, error_code: 'open_orders_limit' });
    }
  }

  const now = await selectDatabaseNow(trx);
  const reservedUntil = method === 'cash' ? new Date(now.getTime() + input.reserveHours * 3_600_000) : null;
  // Claim in item-id order so concurrent checkouts lock rows in the same order (no deadlock).
  const sorted = [...lines].sort((a, b) => a.item_id - b.item_id);
  const prices = new Map<number, number>();
  for (const line of sorted) {
    const claimed = reservedUntil ? await reserveItem(trx, line.item_id, line.quantity, reservedUntil) : await holdItemUnits(trx, line.item_id, line.quantity);
    if (!claimed) {
      throw new AppError(409, 'conflict', M.itemUnavailable(line.name), undefined, { success: false, error_code: 'item_unavailable', item_id: line.item_id });
    }
    prices.set(line.item_id, claimed.target_amount);
  }
  const priceOf = (l: (typeof lines)[number]) => prices.get(l.item_id) ?? l.target_amount;
  const amount = roundMoney(lines.reduce((s, l) => s + priceOf(l) * l.quantity, 0));

  const reference = newOrderReference(now);
  const status = method === 'cash' ? 'reserved' : 'awaiting_payment';
  const orderId = await insertOrder(
    trx,
    {
      order_reference: reference,
      user_id: owner.userId,
      guest_token_hash: owner.userId == null ? owner.guestHash : null,
      source: 'checkout',
      status,
      payment_method: method,
      payment_reference: null,
      currency: 'MWK',
      sub_total: amount,
      vat: 0,
      discount: 0,
      amount_total: amount,
      customer_name: `${checkout.customer.firstName} ${checkout.customer.lastName}`.trim(),
      customer_email: checkout.customer.email,
      customer_phone: checkout.customer.phone,
      billing_address: checkout.billing.address,
      billing_city: checkout.billing.city,
      billing_state: checkout.billing.state,
      billing_postal_code: checkout.billing.postalCode,
      billing_country: checkout.billing.country,
      reserved_until: reservedUntil,
      placed_from: placedFrom,
      phone_key: phone,
    },
    lines.map((l) => ({ item_id: l.item_id, name: l.name, quantity: l.quantity, unit_price: priceOf(l), amount: roundMoney(priceOf(l) * l.quantity) })),
  );
  const paymentId = await insertPayment(trx, { orderId, provider: method, amount });
  const itemIds = sorted.map((l) => l.item_id);
  const events: DomainEvent[] = [
    domainEvent(
      'order.placed',
      { type: 'order', id: orderId },
      {
        order_id: orderId,
        reference,
        method,
        status,
        total: amount,
        item_ids: itemIds,
        owner: cartOwnerRef(owner),
        reserved_until: reservedUntil ? reservedUntil.toISOString() : null,
      },
    ),
  ];
  if (method === 'cash') {
    await deleteCartLines(trx, cartId);
    events.push(domainEvent('cart.changed', { type: 'cart', id: cartId }, { owner: cartOwnerRef(owner), item_id: null, action: 'checkout' }));
  }
  return { result: { orderId, paymentId, reference, total: amount, itemIds, reservedUntil }, events };
}

/** The operator acting. @throws AppError 403 for any other actor (the routes check the role first). */
function operatorIdOf(actor: Actor): number {
  if (actor.type === 'operator') return actor.id;
  throw AppError.forbidden();
}

/** Locks the order row (`FOR UPDATE`) and checks it is a cash order. @throws AppError 404 / 409. */
async function lockCashOrder(trx: Transaction<Database>, orderId: number): Promise<LockedOrder> {
  const order = await lockOrder(trx, orderId);
  if (!order) throw AppError.notFound('Order not found');
  if (order.payment_method !== 'cash') throw new AppError(409, 'conflict', `${order.order_reference} is not a cash-on-delivery order.`);
  return order;
}

/** 409 for a cash order that is no longer reserved (paid, cancelled or otherwise settled). */
function notReserved(order: LockedOrder): AppError {
  if (order.status === 'paid' || order.status === 'completed')
    return new AppError(409, 'conflict', `${order.order_reference} is already paid.`, undefined, { status: order.status });
  if (order.status === 'cancelled') {
    const when = order.cancelled_at ? ` on ${formatWhen(order.cancelled_at)}` : '';
    const why = order.settled_by == null ? 'its reservation expired and was released' : 'it was cancelled by an operator';
    return new AppError(409, 'conflict', `${order.order_reference} was cancelled${when}: ${why}, and its items went back on sale.`, undefined, {
      status: order.status,
    });
  }
  return new AppError(409, 'conflict', `${order.order_reference} is ${order.status.replace('_', ' ')}, not reserved.`, undefined, { status: order.status });
}

/**
 * Cancels a reserved cash-on-delivery order whose row is locked and `reserved`: its items back on
 * sale (reservation lifted), order `cancelled` (`cancelled_at`, reason, operator), its pending
 * cash payment `cancelled`. The one implementation of "release a reservation", shared by the
 * release job and operators cancelling early.
 * @returns the ids of the items put back on sale, ascending.
 */
async function cancelLockedReservation(
  trx: Transaction<Database>,
  orderId: number,
  by: { reason: string | null; settledBy: number | null },
): Promise<number[]> {
  const itemIds = await releaseReservedItems(trx, orderId);
  await markOrderCancelled(trx, orderId, by);
  await cancelPendingCashPayment(trx, orderId);
  return itemIds.sort((a, b) => a - b);
}

/** The operators' answer about an order just changed, read in the command's transaction. */
async function actionResult(trx: Transaction<Database>, orderId: number, message: string): Promise<AdminOrderActionResult> {
  const [view] = await loadAdminOrders(trx, [orderId]);
  return { success: true, message, data: view };
}

/**
 * Command (operator): records that the cash of a reserved cash-on-delivery order was collected,
 * with the order row locked: order `paid` (`paid_at` now, `settled_by` the operator), its pending
 * cash payment `paid`, the reservation lifted, the reserved units taken and the items sold out
 * marked sold exactly as for a paid DPO order. Exactly once: of two operators at once, the second
 * waits for the lock and gets 409. Event `order.status_changed` (reserved → paid, the items, the
 * reason 'Cash received on delivery'): the audit trail of who settled it.
 * @returns `{success, message: 'Cash received for <ref>; the order is paid.', data: AdminOrderView}`.
 * @throws AppError 403 not an operator; 404 unknown order; 409 not a cash order, already paid
 *   ('… is already paid.'), cancelled (by the release job or an operator), or its reservation
 *   already expired.
 * Source: admin orders brief (settling cash-on-delivery orders); spec/shopping.md §4 "Payment success page".
 */
export async function recordCashReceived(
  trx: Transaction<Database>,
  actor: Actor,
  input: { orderId: number },
): Promise<CommandOutcome<AdminOrderActionResult>> {
  const operatorId = operatorIdOf(actor);
  const order = await lockCashOrder(trx, input.orderId);
  if (order.status !== 'reserved') throw notReserved(order);
  if (!order.reserved_until || order.reserved_until.getTime() <= order.now.getTime()) {
    const when = order.reserved_until ? ` on ${formatWhen(order.reserved_until)}` : '';
    throw new AppError(
      409,
      'conflict',
      `The reservation of ${order.order_reference} expired${when}; it is being released and can no longer be settled. Place a new order if the buyer still wants the items.`,
      undefined,
      { status: 'expired' },
    );
  }
  const released = await releaseReservedItems(trx, order.id);
  await markOrderPaid(trx, order.id, { settledBy: operatorId });
  await markCashPaymentPaid(trx, order.id);
  await takeReservedUnits(trx, order.id);
  const sold = await markOrderItemsSold(trx, order.id, order.user_id);
  const itemIds = [...new Set([...released, ...sold])].sort((a, b) => a - b);
  return {
    result: await actionResult(trx, order.id, `Cash received for ${order.order_reference}; the order is paid.`),
    events: [
      orderStatusChanged({ id: order.id, reference: order.order_reference }, { before: order.status, after: 'paid', itemIds, reason: CASH_RECEIVED_REASON }),
    ],
  };
}

/**
 * Command (operator): cancels a reserved cash-on-delivery order now, with the release job's own
 * logic: order `cancelled` with the operator's reason and name, cash payment cancelled, items
 * back on sale. Works before or after `reserved_until` (it is what the job would do anyway).
 * Event `order.status_changed` (reserved → cancelled, the items, the reason).
 * @returns `{success, message: '<ref> cancelled; its items are back on sale.', data: AdminOrderView}`.
 * @throws AppError 403 not an operator; 404 unknown order; 409 not a cash order, already paid, or
 *   already cancelled.
 * Source: admin orders brief (settling cash-on-delivery orders).
 */
export async function cancelReservation(
  trx: Transaction<Database>,
  actor: Actor,
  input: { orderId: number; reason: string },
): Promise<CommandOutcome<AdminOrderActionResult>> {
  const operatorId = operatorIdOf(actor);
  const order = await lockCashOrder(trx, input.orderId);
  if (order.status !== 'reserved') throw notReserved(order);
  const itemIds = await cancelLockedReservation(trx, order.id, { reason: input.reason, settledBy: operatorId });
  return {
    result: await actionResult(trx, order.id, `${order.order_reference} cancelled; its items are back on sale.`),
    events: [
      orderStatusChanged({ id: order.id, reference: order.order_reference }, { before: order.status, after: 'cancelled', itemIds, reason: input.reason }),
    ],
  };
}

/**
 * Command (the reservation-release job): releases an expired cash-on-delivery reservation: an
 * order still `reserved` (unpaid) whose `reserved_until` has passed (database clock) is cancelled
 * (no operator, no `cancel_reason`) and its items go back on sale. Idempotent: an order paid,
 * cancelled, not reserved, not yet expired or missing is left alone (null, no event). Event
 * `order.status_changed` (reserved → cancelled, reason {@link RESERVATION_EXPIRED_REASON}).
 * Source: spec/shopping.md §2 "Payment success page" (unpaid reservations are cancelled and the
 * items returned to sale); DESIGN.md "How a bid flows" (cash-on-delivery reservations).
 */
export async function releaseReservation(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { orderId: number },
): Promise<CommandOutcome<ReleasedReservation | null>> {
  const order = await lockOrder(trx, input.orderId);
  if (!order || order.status !== 'reserved') return { result: null, events: [] };
  if (!order.reserved_until || order.reserved_until.getTime() > order.now.getTime()) return { result: null, events: [] };
  const itemIds = await cancelLockedReservation(trx, order.id, { reason: null, settledBy: null });
  return {
    result: { order_id: order.id, item_ids: itemIds },
    events: [
      orderStatusChanged(
        { id: order.id, reference: order.order_reference },
        { before: order.status, after: 'cancelled', itemIds, reason: RESERVATION_EXPIRED_REASON },
      ),
    ],
  };
}
