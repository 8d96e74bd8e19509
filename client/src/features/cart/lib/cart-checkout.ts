import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import { notifyError } from '../../../lib/notify';
import { appStore } from '../../../lib/store';
import { cartStateAtom } from '../atoms/cart-atoms';
import { validateCart } from './cart-store';

/** Delay before the checkout page loads, ms. Source: spec/shopping.md §9. */
export const CHECKOUT_REDIRECT_MS = 500;

/**
 * Cart checkout: refuses an empty cart or a zero total, validates the items with the server
 * (each issue a warning), blocks on reserved items, then loads /checkout (full page) after
 * 500 ms. Source: spec/shopping.md §4 "Cart checkout (from the cart)", §8 "Checkout".
 * @returns true when the redirect is under way.
 */
export async function proceedToCheckout(): Promise<boolean> {
  try {
    const items = appStore.get(cartStateAtom).items;
    if (!items.length) {
      notifyError(M.cartEmpty);
      return false;
    }
    if (!(items.reduce((s, i) => s + i.target_amount * i.quantity, 0) > 0)) {
      notifyError(M.cartZeroTotal);
      return false;
    }
    const { reservedIds } = await validateCart();
    const after = appStore.get(cartStateAtom).items;
    if (reservedIds.length || after.some((i) => i.is_reserved)) {
      notifyError(M.reservedInCart);
      return false;
    }
    if (!after.length) return false;
    await new Promise((r) => setTimeout(r, CHECKOUT_REDIRECT_MS));
    window.location.assign('/checkout');
    return true;
  } catch {
    notifyError(M.proceedFailed, M.proceedFailedToast);
    return false;
  }
}
