import { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CART_MESSAGES } from '../../shared/messages/cart.js';
import { cartAddInputSchema, cartUpdateInputSchema, cartValidateInputSchema } from '../../shared/schemas/cart.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { EventBus } from '../realtime/bus.js';
import { resolveCartOwner } from './cart-owner.js';
import { addToCart, clearCart, getCart, publishCart, removeFromCart, updateCartQuantity, validateCart } from './cart.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** What the cart routes need. */
export interface CartRouterDeps {
  db: Kysely<Database>;
  bus: EventBus;
  secureCookies: boolean;
}

/**
 * Cart routes: `POST /cart/add/{id}`, `DELETE /cart/remove/{id}`, `PATCH /cart/update/{id}`,
 * `POST /api/cart/clear`, `POST /api/cart/validate`, `GET /api/cart`, `GET /api/cart/items`,
 * `GET /add-to-cart/{id}` (buy now: `?checkout=true` → /checkout) and `GET /remove-from-cart/{id}`.
 * Every change publishes `cart.updated` to the owner's room. Guests are identified by an
 * httpOnly cookie; a guest cart merges into the user's at the first cart read after sign-in.
 * Source: spec/shopping.md §7; DESIGN.md socket contract.
 */
export function createCartRouter(deps: CartRouterDeps): Router {
  const { db, bus, secureCookies } = deps;
  const router = Router();
  const owner = (req: Request, res: Response, create = false) => resolveCartOwner(req, res, { secure: secureCookies, create });

  router.post('/cart/add/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(cartAddInputSchema, req.body ?? {});
    const { owner: o } = owner(req, res, true);
    const cart = await addToCart(db, o, id, input.quantity);
    await publishCart(bus, o, cart);
    const name = cart.items.find((i) => i.id === id)?.name ?? 'Item';
    res.json({ success: true, message: CART_MESSAGES.added(name), cart });
  });

  router.delete('/cart/remove/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { owner: o } = owner(req, res);
    const cart = await removeFromCart(db, o, id);
    await publishCart(bus, o, cart);
    res.json({ success: true, message: 'Item removed from cart', cart });
  });

  router.patch('/cart/update/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { quantity } = parseInput(cartUpdateInputSchema, req.body ?? {});
    const { owner: o } = owner(req, res);
    const cart = await updateCartQuantity(db, o, id, quantity);
    await publishCart(bus, o, cart);
    res.json({ success: true, message: 'Cart updated', cart });
  });

  router.post('/api/cart/clear', async (req, res) => {
    const { owner: o } = owner(req, res);
    const cart = await clearCart(db, o);
    await publishCart(bus, o, cart);
    res.json({ success: true, message: 'Cart cleared', cart });
  });

  router.post('/api/cart/validate', async (req, res) => {
    const input = parseInput(cartValidateInputSchema, req.body ?? {});
    const { owner: o } = owner(req, res);
    const { result, changed } = await validateCart(db, o, input.item_ids);
    if (changed) await publishCart(bus, o, changed);
    res.json(result);
  });

  router.get('/api/cart', async (req, res) => {
    const { owner: o, issued } = owner(req, res, true);
    const { cart, merged } = await getCart(db, o);
    if (merged) await publishCart(bus, o, cart);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...cart, guest_cookie_issued: issued });
  });

  router.get('/api/cart/items', async (req, res) => {
    const { owner: o } = owner(req, res);
    const { cart } = await getCart(db, o);
    const user = req.auth.user;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...cart, customer: user ? { id: user.id, name: user.name, email: user.email } : { guest: true } });
  });

  router.get('/add-to-cart/:id', async (req, res) => {
    const parsed = idParams.safeParse(req.params);
    if (!parsed.success) throw AppError.notFound(CART_MESSAGES.itemNotFound);
    const { owner: o } = owner(req, res, true);
    const toCheckout = req.query.checkout === 'true' || req.query.checkout === '1';
    try {
      const cart = await addToCart(db, o, parsed.data.id, 1);
      await publishCart(bus, o, cart);
    } catch (err) {
      const alreadyIn = err instanceof AppError && err.status === 409;
      if (!alreadyIn) {
        const message = err instanceof AppError ? err.message : CART_MESSAGES.addFailed;
        res.redirect(303, `/item/${parsed.data.id}?cart_error=${encodeURIComponent(message)}`);
        return;
      }
    }
    res.redirect(303, toCheckout ? '/checkout' : '/cart');
  });

  router.get('/remove-from-cart/:id', async (req, res) => {
    const parsed = idParams.safeParse(req.params);
    const { owner: o } = owner(req, res);
    if (parsed.success) {
      try {
        const cart = await removeFromCart(db, o, parsed.data.id);
        await publishCart(bus, o, cart);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    res.redirect(303, '/cart');
  });

  return router;
}
