import type { Kysely } from 'kysely';
import { CART_MESSAGES } from '@shared/messages/cart.js';
import { cartRefusal } from '@shared/rules/cart-availability.js';
import type { CartSnapshot, CartValidateResponse } from '@shared/schemas/cart.schema.js';
import type { Database } from '../db/types.js';
import { cartLineToItem, findCartId, listCartLines, type CartLineRow, type CartOwner } from './cart.repository.js';

/**
 * The cart of a list of lines, as answers and `cart:updated` carry it: `items` (public cart item
 * shape), `count` (sum of quantities) and `total` (MWK, sum of the subtotals).
 * Source: spec/shopping.md §3 "Cart item", §7 `GET /api/cart`.
 */
export function snapshotOf(lines: CartLineRow[]): CartSnapshot {
  const items = lines.map(cartLineToItem);
  const total = Math.round(items.reduce((s, i) => s + i.subtotal, 0) * 100) / 100;
  return { items, count: items.reduce((s, i) => s + i.quantity, 0), total };
}

/** The snapshot of an empty cart. */
export const EMPTY_CART: CartSnapshot = { items: [], count: 0, total: 0 };

/**
 * The owner's cart as it is (a read: it changes nothing; a guest cart waiting to be merged is
 * merged first by the router, see {@link hasGuestCartToMerge}). Empty when the owner has no cart.
 * Source: spec/shopping.md §7 `GET /api/cart`.
 */
export async function getCart(db: Kysely<Database>, owner: CartOwner): Promise<CartSnapshot> {
  const cartId = await findCartId(db, owner);
  return cartId ? snapshotOf(await listCartLines(db, cartId)) : EMPTY_CART;
}

/**
 * True when a signed-in caller still carries the cookie of a guest cart that exists: that cart
 * is to be merged into theirs (the merge command) before their cart is read.
 * Source: spec/shopping.md §4 "Cart behaviour" (the cart follows the buyer through sign-in).
 */
export async function hasGuestCartToMerge(db: Kysely<Database>, owner: CartOwner): Promise<boolean> {
  if (owner.userId == null || !owner.guestHash) return false;
  return (await findCartId(db, { userId: null, guestHash: owner.guestHash })) !== undefined;
}

/**
 * Reviews cart lines for checkout (pure): for each of `itemIds` (all lines when empty), a sold,
 * missing (not in `existingIds`), bid-only or withdrawn item is an issue and unavailable; a
 * reserved item is an issue and reserved (it stays in the cart so checkout can block on it); a
 * quantity above the units on sale is an issue. Ids asked for that are not in the cart but exist
 * are ignored. Source: spec/shopping.md §4 "Cart behaviour", §7 `POST /api/cart/validate`, §8.
 * @returns the answer of `POST /api/cart/validate`.
 */
export function reviewCartLines(lines: CartLineRow[], itemIds: number[], existingIds: ReadonlySet<number>): CartValidateResponse {
  const byId = new Map(lines.map((l) => [l.item_id, l]));
  const ids = itemIds.length ? itemIds : lines.map((l) => l.item_id);
  const issues: string[] = [];
  const unavailable: number[] = [];
  const reserved: number[] = [];
  for (const id of ids) {
    const line = byId.get(id);
    if (!line) {
      if (!existingIds.has(id)) {
        issues.push(CART_MESSAGES.issueMissing(id));
        unavailable.push(id);
      }
      continue;
    }
    const refusal = cartRefusal(line);
    if (refusal === 'reserved') {
      issues.push(CART_MESSAGES.issueReserved(line.name));
      reserved.push(id);
    } else if (refusal === 'bid_only') {
      issues.push(CART_MESSAGES.issueBidOnly(line.name));
      unavailable.push(id);
    } else if (refusal) {
      issues.push(CART_MESSAGES.issueSold(line.name));
      unavailable.push(id);
    } else if (line.quantity > line.stock) {
      issues.push(CART_MESSAGES.issueStock(line.name, line.stock));
    }
  }
  return { issues, unavailable_items: unavailable, reserved_items: reserved };
}
