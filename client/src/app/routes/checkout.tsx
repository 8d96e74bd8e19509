import { useAtomValue } from 'jotai';
import { PAGE_TITLES, usePageTitle } from '../../lib/page-title';
import { useSession } from '../../features/auth/hooks/use-session';
import { cartStateAtom } from '../../features/cart/atoms/cart-atoms';
import { clearCart, forgetLocalCart } from '../../features/cart/lib/cart-store';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';

/**
 * /checkout: composes the checkout wizard with the session (prefill) and the cart (lines,
 * clearing after an order). Source: spec/shopping.md §2, §4.
 */
export default function CheckoutRoute() {
  usePageTitle(PAGE_TITLES.checkout);
  const { user, status } = useSession();
  const cart = useAtomValue(cartStateAtom);
  return (
    <CheckoutPage
      profile={user}
      sessionReady={status !== 'loading'}
      cartReady={cart.ready && !cart.loading}
      lines={cart.items.map((i) => ({
        id: i.id,
        name: i.name,
        quantity: i.quantity,
        target_amount: i.target_amount,
        is_reserved: i.is_reserved,
        image: i.image,
      }))}
      onOrderPlaced={async (method) => {
        // Cash orders empty the server cart themselves; a DPO order clears it as the spec says.
        if (method === 'dpopay') await clearCart({ silent: true });
        forgetLocalCart();
      }}
    />
  );
}
