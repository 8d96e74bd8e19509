import type { Request, Response } from 'express';
import { userActor, type Actor } from '../events/domain-events.js';
import { GUEST_CART_COOKIE, GUEST_CART_COOKIE_MS, hashGuestCartToken, newGuestCartToken } from './cart-cookie.js';
import type { CartOwner } from './cart.repository.js';

/**
 * The cart owner of a request (router helper): the signed-in user (with the guest cookie's hash
 * too, for the merge), else the guest of the `gavel_cart` cookie. With `create`, a guest without
 * the cookie gets one (httpOnly, SameSite Lax, 30 days) and `issued` is true.
 */
export function resolveCartOwner(req: Request, res: Response, opts: { secure: boolean; create: boolean }): { owner: CartOwner; issued: boolean } {
  const cookieHash = hashGuestCartToken(req.cookies?.[GUEST_CART_COOKIE]);
  const userId = req.auth?.user?.id ?? null;
  if (userId != null || cookieHash || !opts.create) return { owner: { userId, guestHash: cookieHash }, issued: false };
  const token = newGuestCartToken();
  res.cookie(GUEST_CART_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: opts.secure, path: '/', maxAge: GUEST_CART_COOKIE_MS });
  req.cookies[GUEST_CART_COOKIE] = token;
  return { owner: { userId: null, guestHash: hashGuestCartToken(token) }, issued: true };
}

/** Who changes a cart: the signed-in user (`userActor`), else a guest (`{type: 'guest'}`). */
export function cartActor(owner: CartOwner): Actor {
  return owner.userId != null ? userActor(owner.userId) : { type: 'guest' };
}
