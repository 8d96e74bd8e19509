import type { Kysely } from 'kysely';
import { CART_MESSAGES } from '../../shared/messages/cart.js';
import { cartRefusal, cartRefusalMessage } from '../../shared/rules/cart-availability.js';
import type { CartSnapshot, CartValidateResponse } from '../../shared/schemas/cart.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import type { EventBus } from '../realtime/bus.js';
import { rooms } from '../realtime/io.js';
import {
  cartLineToItem,
  deleteCartLines,
  ensureCartId,
  findCartId,
  insertCartLine,
  listCartLines,
  mergeGuestCart,
  updateCartLine,
  type CartLineRow,
  type CartOwner,
} from './cart.repository.js';

/** The `cart:updated` payload of a cart's lines: items, count (sum of quantities), total (MWK). */
export function snapshotOf(lines: CartLineRow[]): CartSnapshot {
  const items = lines.map(cartLineToItem);
  const total = Math.round(items.reduce((s, i) => s + i.subtotal, 0) * 100) / 100;
  return { items, count: items.reduce((s, i) => s + i.quantity, 0), total };
}

const EMPTY: CartSnapshot = { items: [], count: 0, total: 0 };

/**
 * The owner's cart. A signed-in caller who still carries a guest cart cookie gets that guest
 * cart merged into theirs first (the merge happens on the first cart access after sign-in).
 * @returns the snapshot and whether a merge happened (then publish it).
 */
export async function getCart(db: Kysely<Database>, owner: CartOwner): Promise<{ cart: CartSnapshot; merged: boolean }> {
  let merged = false;
  if (owner.userId != null && owner.guestHash) merged = await mergeGuestCart(db, owner.userId, owner.guestHash);
  const cartId = await findCartId(db, owner);
  return { cart: cartId ? snapshotOf(await listCartLines(db, cartId)) : EMPTY, merged };
}

async function loadItemFacts(db: Kysely<Database>, itemId: number) {
  return db
    .selectFrom('items')
    .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
    .select(['items.id', 'items.name', 'items.status', 'items.closed_by', 'items.is_reserved', 'items.quantity as stock', 'at.type as kind'])
    .where('items.id', '=', itemId)
    .executeTakeFirst();
}

/**
 * Adds an item to the owner's cart.
 * @throws AppError 404 'Item not found'; 422 for bid-only, sold, reserved or unavailable items
 *   (`reason`), or a quantity above the units on sale; 409 'Item is already in cart'.
 * Source: spec/shopping.md §5 "Cart", §7 `POST /cart/add/{id}`.
 */
export async function addToCart(db: Kysely<Database>, owner: CartOwner, itemId: number, quantity: number): Promise<CartSnapshot> {
  const item = await loadItemFacts(db, itemId);
  if (!item) throw AppError.notFound(CART_MESSAGES.itemNotFound);
  const refusal = cartRefusal(item);
  if (refusal) throw new AppError(422, 'validation', cartRefusalMessage(refusal), undefined, { success: false, reason: refusal });
  if (quantity > item.stock) throw new AppError(422, 'validation', CART_MESSAGES.onlyAvailable(item.stock), undefined, { success: false, reason: 'stock' });
  const cartId = await ensureCartId(db, owner);
  if (!(await insertCartLine(db, cartId, itemId, quantity))) {
    throw new AppError(409, 'conflict', CART_MESSAGES.alreadyInCart, undefined, { success: false, reason: 'already_in_cart' });
  }
  return snapshotOf(await listCartLines(db, cartId));
}

/**
 * Removes an item from the owner's cart.
 * @throws AppError 404 'Item not found in cart.'. Source: spec/shopping.md §7, §8.
 */
export async function removeFromCart(db: Kysely<Database>, owner: CartOwner, itemId: number): Promise<CartSnapshot> {
  const cartId = await findCartId(db, owner);
  if (!cartId || (await deleteCartLines(db, cartId, [itemId])) === 0) throw AppError.notFound(CART_MESSAGES.notInCart);
  return snapshotOf(await listCartLines(db, cartId));
}

/**
 * Sets a line's quantity (1-99, parsed by the router; not above the units on sale).
 * @throws AppError 404 'Item not found in cart.'; 422 when above the units on sale.
 */
export async function updateCartQuantity(db: Kysely<Database>, owner: CartOwner, itemId: number, quantity: number): Promise<CartSnapshot> {
  const cartId = await findCartId(db, owner);
  if (!cartId) throw AppError.notFound(CART_MESSAGES.notInCart);
  const item = await loadItemFacts(db, itemId);
  if (item && quantity > item.stock && item.stock > 0) {
    throw new AppError(422, 'validation', CART_MESSAGES.onlyAvailable(item.stock), undefined, { success: false, reason: 'stock' });
  }
  if (!(await updateCartLine(db, cartId, itemId, quantity))) throw AppError.notFound(CART_MESSAGES.notInCart);
  return snapshotOf(await listCartLines(db, cartId));
}

/** Empties the owner's cart (no error when already empty). */
export async function clearCart(db: Kysely<Database>, owner: CartOwner): Promise<CartSnapshot> {
  const cartId = await findCartId(db, owner);
  if (cartId) await deleteCartLines(db, cartId);
  return EMPTY;
}

/**
 * Checks the cart's items (those of `itemIds` that are in the cart, or all when empty): sold,
 * missing, bid-only or withdrawn items are `unavailable_items` and are removed from the cart;
 * reserved items are issues (and `reserved_items`) but stay, so checkout can block on them;
 * a quantity above the units on sale is an issue. Source: spec/shopping.md §4 "Cart behaviour", §7.
 * @returns the answer and the new snapshot when lines were removed (else null).
 */
export async function validateCart(
  db: Kysely<Database>,
  owner: CartOwner,
  itemIds: number[],
): Promise<{ result: CartValidateResponse; changed: CartSnapshot | null }> {
  const cartId = await findCartId(db, owner);
  const lines = cartId ? await listCartLines(db, cartId) : [];
  const byId = new Map(lines.map((l) => [l.item_id, l]));
  const ids = itemIds.length ? itemIds : lines.map((l) => l.item_id);
  const issues: string[] = [];
  const unavailable: number[] = [];
  const reserved: number[] = [];
  for (const id of ids) {
    const line = byId.get(id);
    if (!line) {
      const exists = await loadItemFacts(db, id);
      if (!exists) {
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
  let changed: CartSnapshot | null = null;
  if (cartId && unavailable.some((id) => byId.has(id))) {
    await deleteCartLines(db, cartId, unavailable.filter((id) => byId.has(id)));
    changed = snapshotOf(await listCartLines(db, cartId));
  }
  return { result: { issues, unavailable_items: unavailable, reserved_items: reserved }, changed };
}

/** Socket.IO room of a cart's owner: `user:{id}`, or the guest cart's room. Source: DESIGN.md. */
export function cartRoom(owner: CartOwner): string | null {
  if (owner.userId != null) return rooms.user(owner.userId);
  if (owner.guestHash) return rooms.guestCart(owner.guestHash);
  return null;
}

/** Publishes `cart.updated` (→ `cart:updated` to the owner's room) after a change has committed. */
export async function publishCart(bus: EventBus, owner: CartOwner, cart: CartSnapshot): Promise<void> {
  const room = cartRoom(owner);
  if (room) await bus.publish({ type: 'cart.updated', room, payload: cart });
}
