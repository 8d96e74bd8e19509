import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { CHECKOUT_MESSAGES as M } from '../../shared/messages/checkout.js';
import { cartRefusal, cartRefusalMessage } from '../../shared/rules/cart-availability.js';
import { DPO_MAX_AMOUNT, type CheckoutInput } from '../../shared/schemas/checkout.schema.js';
import { deleteCartLines, findCartId, listCartLines, type CartOwner } from '../cart/cart.repository.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';

/** Characters of the random part of order references (no 0/O, 1/I). */
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new checkout order reference `ORD-<year>-<8 random characters>` (not guessable, never one of
 * the seeded `ORD-<year>-000101…`).
 */
export function newOrderReference(now = new Date()): string {
  const bytes = randomBytes(8);
  let s = '';
  for (const b of bytes) s += REF_ALPHABET[b % REF_ALPHABET.length];
  return `ORD-${now.getUTCFullYear()}-${s}`;
}

/** An order just created from a cart. */
export interface PlacedOrder {
  orderId: number;
  paymentId: number;
  reference: string;
  /** MWK, from the server's prices. */
  total: number;
  itemIds: number[];
  reservedUntil: Date | null;
}

/**
 * Creates a checkout order from the owner's SERVER cart in one transaction (the client's cart
 * and total are ignored): every line must be a daily-sale item on sale; the price is the item's
 * `target_amount`; total must be above zero (and, for DPO Pay, at most MK 999,999.99).
 * - `dpopay`: order `awaiting_payment`, units held (`items.quantity` decremented conditionally).
 * - `cash`: order `reserved` until now + `reserveHours`, items `is_reserved` with
 *   `reserved_until`; the cart is emptied.
 * A pending payment row (provider dpopay or cash) is created with the amount.
 * Races are decided by conditional updates: of two buyers of the last unit one wins; the other
 * gets 409 with the item's name and nothing is written.
 * @throws AppError 422 empty cart / bad total / over the DPO limit / item not purchasable;
 *   409 when an item was just taken by someone else.
 * Source: spec/shopping.md §4 "Place order", §7, §8, §9; providers/dpo-pay.md.
 */
export async function createOrderFromCart(
  db: Kysely<Database>,
  args: { owner: CartOwner; method: 'dpopay' | 'cash'; input: CheckoutInput; reserveHours: number },
): Promise<PlacedOrder> {
  const { owner, method, input } = args;
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, owner);
    const lines = cartId ? await listCartLines(trx, cartId) : [];
    if (!cartId || lines.length === 0) throw new AppError(422, 'validation', M.dpoEmptyCart, undefined, { success: false, error_code: 'empty_cart' });
    for (const line of lines) {
      const refusal = cartRefusal(line);
      if (refusal === 'bid_only' || refusal === 'sold' || refusal === 'reserved') {
        const message = refusal === 'reserved' ? M.reservedInCart : `${line.name}: ${cartRefusalMessage(refusal)}`;
        throw new AppError(refusal === 'reserved' ? 409 : 422, 'conflict', message, undefined, { success: false, error_code: `item_${refusal}`, item_id: line.item_id });
      }
    }
    const total = Math.round(lines.reduce((s, l) => s + l.target_amount * l.quantity, 0) * 100) / 100;
    if (!(total > 0)) throw new AppError(422, 'validation', M.dpoBadTotal, undefined, { success: false, error_code: 'bad_total' });
    if (method === 'dpopay' && total > DPO_MAX_AMOUNT) {
      throw new AppError(422, 'validation', M.overLimit, undefined, { success: false, error_code: 'amount_limit' });
    }

    const now = (await sql<{ now: Date }>`SELECT now() AS now`.execute(trx)).rows[0].now;
    const reservedUntil = method === 'cash' ? new Date(now.getTime() + args.reserveHours * 3_600_000) : null;
    // Claim in item-id order so concurrent checkouts lock rows in the same order (no deadlock).
    const sorted = [...lines].sort((a, b) => a.item_id - b.item_id);
    const prices = new Map<number, number>();
    for (const line of sorted) {
      let q = trx
        .updateTable('items')
        .where('id', '=', line.item_id)
        .where('status', '=', 'available')
        .where('closed_by', 'is', null)
        .where('is_reserved', '=', false)
        .where('quantity', '>=', line.quantity);
      const claimed = await (method === 'cash'
        ? q.set({ is_reserved: true, reserved_until: reservedUntil, updated_at: sql`now()` })
        : q.set({ quantity: sql`quantity - ${line.quantity}`, updated_at: sql`now()` })
      )
        .returning(['id', 'target_amount'])
        .executeTakeFirst();
      if (!claimed) {
        throw new AppError(409, 'conflict', M.itemUnavailable(line.name), undefined, { success: false, error_code: 'item_unavailable', item_id: line.item_id });
      }
      prices.set(line.item_id, claimed.target_amount);
    }
    const amount = Math.round(lines.reduce((s, l) => s + (prices.get(l.item_id) ?? l.target_amount) * l.quantity, 0) * 100) / 100;

    const reference = newOrderReference(now);
    const order = await trx
      .insertInto('orders')
      .values({
        order_reference: reference,
        user_id: owner.userId,
        guest_token_hash: owner.userId == null ? owner.guestHash : null,
        source: 'checkout',
        status: method === 'cash' ? 'reserved' : 'awaiting_payment',
        payment_method: method,
        payment_reference: null,
        currency: 'MWK',
        sub_total: amount,
        vat: 0,
        discount: 0,
        amount_total: amount,
        customer_name: `${input.customer.firstName} ${input.customer.lastName}`.trim(),
        customer_email: input.customer.email,
        customer_phone: input.customer.phone,
        billing_address: input.billing.address,
        billing_city: input.billing.city,
        billing_state: input.billing.state,
        billing_postal_code: input.billing.postalCode,
        billing_country: input.billing.country,
        reserved_until: reservedUntil,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_lines')
      .values(
        lines.map((l) => {
          const unit = prices.get(l.item_id) ?? l.target_amount;
          return { order_id: order.id, item_id: l.item_id, name: l.name, quantity: l.quantity, unit_price: unit, amount: Math.round(unit * l.quantity * 100) / 100 };
        }),
      )
      .execute();
    const payment = await trx
      .insertInto('payments')
      .values({ order_id: order.id, provider: method, status: 'pending', amount, currency: 'MWK' })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (method === 'cash') await deleteCartLines(trx, cartId);
    return { orderId: order.id, paymentId: payment.id, reference, total: amount, itemIds: sorted.map((l) => l.item_id), reservedUntil };
  });
}
