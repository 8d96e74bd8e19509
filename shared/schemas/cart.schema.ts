import { z } from 'zod';
import { CART_MESSAGES } from '../messages/cart.js';

/** Cart quantity bounds. Source: spec/shopping.md §5 "Cart", §9. */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 99;

const quantity = z.coerce
  .number({ message: CART_MESSAGES.quantityRange })
  .int(CART_MESSAGES.quantityRange)
  .min(CART_QUANTITY_MIN, CART_MESSAGES.quantityRange)
  .max(CART_QUANTITY_MAX, CART_MESSAGES.quantityRange);

/** `POST /cart/add/{id}` body: `{quantity (default 1), source ('frontend')}`. Source: spec §7. */
export const cartAddInputSchema = z.object({
  quantity: quantity.default(1),
  source: z.string().max(40).optional(),
});

/** `PATCH /cart/update/{id}` body `{quantity}` (1-99). Source: spec/shopping.md §7. */
export const cartUpdateInputSchema = z.object({ quantity });

/** `POST /api/cart/validate` body `{item_ids}`. Source: spec/shopping.md §7. */
export const cartValidateInputSchema = z.object({
  item_ids: z.array(z.coerce.number().int().positive()).max(200).default([]),
});

/**
 * One cart entry as the server answers it: the item's cart fields (spec/shopping.md §3 "Cart
 * item") plus `type` (cash, online, live), `available_quantity` and `status`, `subtotal` in MWK.
 */
export const cartItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  code: z.string().nullable(),
  quantity: z.number(),
  target_amount: z.number(),
  subtotal: z.number(),
  auction_type: z.object({ id: z.number(), name: z.string(), type: z.enum(['cash', 'online', 'live']) }),
  type: z.enum(['cash', 'online', 'live']),
  image: z.string().nullable(),
  is_reserved: z.boolean(),
  status: z.string(),
  available_quantity: z.number(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The cart's state: entries, `count` (sum of quantities) and `total` (MWK). Also the `cart:updated` payload. */
export const cartSnapshotSchema = z.object({
  items: z.array(cartItemSchema),
  count: z.number(),
  total: z.number(),
});
export type CartSnapshot = z.infer<typeof cartSnapshotSchema>;

/** `GET /api/cart` answer. `guest_cookie_issued` is true when this call just created the guest cart cookie. */
export const getCartResponseSchema = cartSnapshotSchema.extend({
  success: z.boolean(),
  guest_cookie_issued: z.boolean().optional(),
});

/** `POST /api/cart/validate` answer. Source: spec/shopping.md §7. */
export const cartValidateResponseSchema = z.object({
  issues: z.array(z.string()),
  unavailable_items: z.array(z.number()),
  reserved_items: z.array(z.number()).optional(),
});
export type CartValidateResponse = z.infer<typeof cartValidateResponseSchema>;
