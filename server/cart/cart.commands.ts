import type { Transaction } from 'kysely';
import { CART_MESSAGES } from '@shared/messages/cart.js';
import { cartRefusal, cartRefusalMessage } from '@shared/rules/cart-availability.js';
import type { CartSnapshot, CartValidateResponse } from '@shared/schemas/cart.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CartOwnerRef, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import {
  copyCartLines,
  deleteCart,
  deleteCartLines,
  ensureCartId,
  findCartId,
  findItemFacts,
  insertCartLine,
  listCartLines,
  listExistingItemIds,
  lockGuestCart,
  updateCartLine,
  type CartOwner,
} from './cart.repository.js';
import { EMPTY_CART, reviewCartLines, snapshotOf } from './cart.service.js';

/** What `cart.changed` says happened to a cart. */
type CartAction = 'added' | 'removed' | 'quantity' | 'cleared' | 'merged' | 'removed_unavailable';

/** The owner as events name it: the user's cart when signed in, else the guest cart's cookie hash. */
function ownerRef(owner: CartOwner): CartOwnerRef {
  return owner.userId != null ? { user_id: owner.userId, guest_hash: null } : { user_id: null, guest_hash: owner.guestHash };
}

function cartChanged(cartId: number, owner: CartOwner, action: CartAction, itemId: number | null): DomainEvent {
  return domainEvent('cart.changed', { type: 'cart', id: cartId }, { owner: ownerRef(owner), item_id: itemId, action });
}

/** A refusal of the stock rule: 422 `Only N of this item are available`, `reason: 'stock'`. */
function onlyAvailable(stock: number): AppError {
  return new AppError(422, 'validation', CART_MESSAGES.onlyAvailable(stock), undefined, { success: false, reason: 'stock' });
}

/**
 * Command: adds `quantity` units of an item to the owner's cart (the cart is created on first
 * use). Event `cart.changed` (action `added`): every tab of the owner gets the new cart.
 * Input: `owner` (user and/or guest cookie hash), `itemId`, `quantity` (1-99, parsed by the router).
 * @returns the cart after the add.
 * @throws AppError 404 'Item not found'; 422 `{success: false, reason}` for bid-only, sold,
 *   reserved or unavailable items, or a quantity above the units on sale (`reason: 'stock'`);
 *   409 'Item is already in cart' (`reason: 'already_in_cart'`).
 * Source: spec/shopping.md §4 "Cart behaviour", §5, §7 `POST /cart/add/{id}`, §8.
 */
export async function addToCart(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { owner: CartOwner; itemId: number; quantity: number },
): Promise<CommandOutcome<CartSnapshot>> {
  const item = await findItemFacts(trx, input.itemId);
  if (!item) throw AppError.notFound(CART_MESSAGES.itemNotFound);
  const refusal = cartRefusal(item);
  if (refusal) throw new AppError(422, 'validation', cartRefusalMessage(refusal), undefined, { success: false, reason: refusal });
  if (input.quantity > item.stock) throw onlyAvailable(item.stock);
  const cartId = await ensureCartId(trx, input.owner);
  if (!(await insertCartLine(trx, cartId, input.itemId, input.quantity))) {
    throw new AppError(409, 'conflict', CART_MESSAGES.alreadyInCart, undefined, { success: false, reason: 'already_in_cart' });
  }
  return { result: snapshotOf(await listCartLines(trx, cartId)), events: [cartChanged(cartId, input.owner, 'added', input.itemId)] };
}

/**
 * Command: removes an item's line from the owner's cart. Event `cart.changed` (action `removed`).
 * @returns the cart after the removal.
 * @throws AppError 404 'Item not found in cart.' when the owner has no such line.
 * Source: spec/shopping.md §4 "Cart behaviour", §7 `DELETE /cart/remove/{id}`, §8.
 */
export async function removeFromCart(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { owner: CartOwner; itemId: number },
): Promise<CommandOutcome<CartSnapshot>> {
  const cartId = await findCartId(trx, input.owner);
  if (!cartId || (await deleteCartLines(trx, cartId, [input.itemId])) === 0) throw AppError.notFound(CART_MESSAGES.notInCart);
  return { result: snapshotOf(await listCartLines(trx, cartId)), events: [cartChanged(cartId, input.owner, 'removed', input.itemId)] };
}

/**
 * Command: sets a line's quantity (1-99, parsed by the router; not above the units on sale when
 * some are left). Event `cart.changed` (action `quantity`).
 * @returns the cart after the change.
 * @throws AppError 404 'Item not found in cart.'; 422 `Only N of this item are available`.
 * Source: spec/shopping.md §4 "Cart behaviour", §5, §7 `PATCH /cart/update/{id}`.
 */
export async function updateCartQuantity(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { owner: CartOwner; itemId: number; quantity: number },
): Promise<CommandOutcome<CartSnapshot>> {
  const cartId = await findCartId(trx, input.owner);
  if (!cartId) throw AppError.notFound(CART_MESSAGES.notInCart);
  const item = await findItemFacts(trx, input.itemId);
  if (item && input.quantity > item.stock && item.stock > 0) throw onlyAvailable(item.stock);
  if (!(await updateCartLine(trx, cartId, input.itemId, input.quantity))) throw AppError.notFound(CART_MESSAGES.notInCart);
  return { result: snapshotOf(await listCartLines(trx, cartId)), events: [cartChanged(cartId, input.owner, 'quantity', input.itemId)] };
}

/**
 * Command: empties the owner's cart. Never an error (an empty or missing cart stays so, and
 * causes no event). Event `cart.changed` (action `cleared`) when lines went.
 * @returns the empty cart.
 * Source: spec/shopping.md §2 "Cart page" (clear cart), §7 `POST /api/cart/clear`.
 */
export async function clearCart(trx: Transaction<Database>, _actor: Actor, input: { owner: CartOwner }): Promise<CommandOutcome<CartSnapshot>> {
  const cartId = await findCartId(trx, input.owner);
  const removed = cartId ? await deleteCartLines(trx, cartId) : 0;
  return { result: EMPTY_CART, events: cartId && removed > 0 ? [cartChanged(cartId, input.owner, 'cleared', null)] : [] };
}

/**
 * Command: a signed-in user still carrying a guest cart cookie takes that guest cart over: its
 * lines move into the user's cart (a line already there keeps the user's quantity) and the guest
 * cart is deleted. Run by the cart routes before they read the cart of such a caller. Idempotent:
 * without a guest cart (already merged, or never created) nothing changes and no event is caused.
 * Event `cart.changed` (action `merged`) for the user's cart.
 * Input: the user's id and the guest cookie's hash.
 * @returns true when a guest cart was merged.
 * Source: spec/shopping.md §4 "Cart behaviour" (the cart follows the buyer through sign-in).
 */
export async function mergeGuestCart(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { userId: number; guestHash: string },
): Promise<CommandOutcome<boolean>> {
  const guestCartId = await lockGuestCart(trx, input.guestHash);
  if (guestCartId === undefined) return { result: false, events: [] };
  const owner: CartOwner = { userId: input.userId, guestHash: null };
  const userCartId = await ensureCartId(trx, owner);
  await copyCartLines(trx, guestCartId, userCartId);
  await deleteCart(trx, guestCartId);
  return { result: true, events: [cartChanged(userCartId, owner, 'merged', null)] };
}

/**
 * Command: validates the owner's cart before checkout (the rules of {@link reviewCartLines}) and
 * removes the unavailable lines (sold, missing, bid-only, withdrawn) from it; reserved lines stay.
 * One event `cart.changed` (action `removed_unavailable`) per removed line; none when nothing went.
 * Input: `itemIds`, the ids to check (all lines when empty).
 * @returns `{issues, unavailable_items, reserved_items}`.
 * Source: spec/shopping.md §4 "Cart behaviour" (validation removes unavailable items), §7 `POST /api/cart/validate`, §8.
 */
export async function validateCart(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { owner: CartOwner; itemIds: number[] },
): Promise<CommandOutcome<CartValidateResponse>> {
  const cartId = await findCartId(trx, input.owner);
  const lines = cartId ? await listCartLines(trx, cartId) : [];
  const inCart = new Set(lines.map((l) => l.item_id));
  const existing = await listExistingItemIds(
    trx,
    input.itemIds.filter((id) => !inCart.has(id)),
  );
  const result = reviewCartLines(lines, input.itemIds, existing);
  const toRemove = [...new Set(result.unavailable_items.filter((id) => inCart.has(id)))];
  if (!cartId || toRemove.length === 0) return { result, events: [] };
  await deleteCartLines(trx, cartId, toRemove);
  return { result, events: toRemove.map((id) => cartChanged(cartId, input.owner, 'removed_unavailable', id)) };
}
