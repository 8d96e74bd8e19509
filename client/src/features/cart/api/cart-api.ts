import { apiGet, apiSend } from '../../../lib/api-client';
import {
  cartSnapshotSchema,
  cartValidateResponseSchema,
  getCartResponseSchema,
  type CartSnapshot,
  type CartValidateResponse,
} from '@shared/schemas/cart.schema';
import { z } from 'zod';

const changeResponseSchema = z.object({ success: z.boolean(), message: z.string().optional(), cart: cartSnapshotSchema });

/** `GET /api/cart`: the cart; `guestCookieIssued` when the server just created the guest cart cookie. Source: spec §7. */
export async function fetchCartSnapshot(): Promise<CartSnapshot & { guestCookieIssued: boolean }> {
  const body = getCartResponseSchema.parse(await apiGet('/api/cart'));
  return { items: body.items, count: body.count, total: body.total, guestCookieIssued: body.guest_cookie_issued === true };
}

/** `POST /cart/add/{id}` `{quantity, source: 'frontend'}` → `{success, message, cart}`. Rejects with ApiError. */
export async function postAddToCart(itemId: number, quantity: number) {
  return changeResponseSchema.parse(await apiSend('POST', `/cart/add/${itemId}`, { quantity, source: 'frontend' }));
}

/** `DELETE /cart/remove/{id}` → `{success, message, cart}`. Rejects with ApiError (404 'Item not found in cart.'). */
export async function deleteFromCart(itemId: number) {
  return changeResponseSchema.parse(await apiSend('DELETE', `/cart/remove/${itemId}`));
}

/** `PATCH /cart/update/{id}` `{quantity}` → `{success, message, cart}`. */
export async function patchCartQuantity(itemId: number, quantity: number) {
  return changeResponseSchema.parse(await apiSend('PATCH', `/cart/update/${itemId}`, { quantity }));
}

/** `POST /api/cart/clear` (CSRF header) → `{success}`. */
export async function postClearCart(): Promise<void> {
  await apiSend('POST', '/api/cart/clear');
}

/** `POST /api/cart/validate {item_ids}` → `{issues, unavailable_items, reserved_items}`. */
export async function postValidateCart(itemIds: number[]): Promise<CartValidateResponse> {
  return cartValidateResponseSchema.parse(await apiSend('POST', '/api/cart/validate', { item_ids: itemIds }));
}
