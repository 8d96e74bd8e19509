import { Router, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CART_MESSAGES } from '@shared/messages/cart.js';
import { cartAddInputSchema, cartUpdateInputSchema, cartValidateInputSchema } from '@shared/schemas/cart.schema.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { isCrossSiteRequest } from '../http/cross-site.js';
import { parseInput } from '../http/validate.js';
import { cartActor, resolveCartOwner } from './cart-owner.js';
import { addToCart, clearCart, mergeGuestCart, removeFromCart, updateCartQuantity, validateCart } from './cart.commands.js';
import type { CartOwner } from './cart.repository.js';
import { getCart, hasGuestCartToMerge } from './cart.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** What the cart routes need. */
export interface CartRouterDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  secureCookies: boolean;
  /** Gavel's own origins besides the request's host (server/http/cross-site.ts). */
  allowedOrigins?: readonly string[];
}

/**
 * Cart routes: `POST /cart/add/{id}`, `DELETE /cart/remove/{id}`, `PATCH /cart/update/{id}`,
 * `POST /api/cart/clear`, `POST /api/cart/validate`, `GET /api/cart`, `GET /api/cart/items`,
 * `GET /add-to-cart/{id}` (buy now: `?checkout=true` → /checkout) and `GET /remove-from-cart/{id}`.
 * Those two GET links change nothing when another site sends the visitor (`Sec-Fetch-Site:
 * cross-site` or a foreign `Referer`): add goes to the item's page, remove to /cart (issue 18).
 * Each change is one command of server/cart/cart.commands.ts (its `cart.changed` event brings
 * the new cart to the owner's other tabs). Guests are identified by an httpOnly cookie; a
 * signed-in caller still carrying a guest cart has it merged (a command) before the cart reads.
 * Source: spec/shopping.md §4 "Cart behaviour", §7; DESIGN.md socket contract.
 */
export function createCartRouter(deps: CartRouterDeps): Router {
  const { db, runner, secureCookies } = deps;
  const router = Router();
  const owner = (req: Request, res: Response, create = false) => resolveCartOwner(req, res, { secure: secureCookies, create });
  const readCart = async (o: CartOwner) => {
    if (o.userId != null && o.guestHash && (await hasGuestCartToMerge(db, o))) {
      await runner.run(mergeGuestCart, userActor(o.userId), { userId: o.userId, guestHash: o.guestHash });
    }
    return getCart(db, o);
  };

  router.post('/cart/add/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(cartAddInputSchema, req.body ?? {});
    const { owner: o } = owner(req, res, true);
    const cart = await runner.run(addToCart, cartActor(o), { owner: o, itemId: id, quantity: input.quantity });
    const name = cart.items.find((i) => i.id === id)?.name ?? 'Item';
    res.json({ success: true, message: CART_MESSAGES.added(name), cart });
  });

  router.delete('/cart/remove/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { owner: o } = owner(req, res);
    const cart = await runner.run(removeFromCart, cartActor(o), { owner: o, itemId: id });
    res.json({ success: true, message: 'Item removed from cart', cart });
  });

  router.patch('/cart/update/:id', async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { quantity } = parseInput(cartUpdateInputSchema, req.body ?? {});
    const { owner: o } = owner(req, res);
    const cart = await runner.run(updateCartQuantity, cartActor(o), { owner: o, itemId: id, quantity });
    res.json({ success: true, message: 'Cart updated', cart });
  });

  router.post('/api/cart/clear', async (req, res) => {
    const { owner: o } = owner(req, res);
    const cart = await runner.run(clearCart, cartActor(o), { owner: o });
    res.json({ success: true, message: 'Cart cleared', cart });
  });

  router.post('/api/cart/validate', async (req, res) => {
    const input = parseInput(cartValidateInputSchema, req.body ?? {});
    const { owner: o } = owner(req, res);
    res.json(await runner.run(validateCart, cartActor(o), { owner: o, itemIds: input.item_ids }));
  });

  router.get('/api/cart', async (req, res) => {
    const { owner: o, issued } = owner(req, res, true);
    const cart = await readCart(o);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...cart, guest_cookie_issued: issued });
  });

  router.get('/api/cart/items', async (req, res) => {
    const { owner: o } = owner(req, res);
    const cart = await readCart(o);
    const user = req.auth.user;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...cart, customer: user ? { id: user.id, name: user.name, email: user.email } : { guest: true } });
  });

  router.get('/add-to-cart/:id', async (req, res) => {
    const parsed = idParams.safeParse(req.params);
    if (!parsed.success) throw AppError.notFound(CART_MESSAGES.itemNotFound);
    if (isCrossSiteRequest(req.headers, deps.allowedOrigins ?? [])) {
      res.redirect(303, `/item/${parsed.data.id}`);
      return;
    }
    const { owner: o } = owner(req, res, true);
    const toCheckout = req.query.checkout === 'true' || req.query.checkout === '1';
    try {
      await runner.run(addToCart, cartActor(o), { owner: o, itemId: parsed.data.id, quantity: 1 });
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
    if (parsed.success && !isCrossSiteRequest(req.headers, deps.allowedOrigins ?? [])) {
      try {
        await runner.run(removeFromCart, cartActor(o), { owner: o, itemId: parsed.data.id });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    res.redirect(303, '/cart');
  });

  return router;
}
