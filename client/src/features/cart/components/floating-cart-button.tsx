import { Affix, Indicator, ThemeIcon, Transition } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { capBadge } from '../../../lib/badge';
import { cartCountAtom } from '../atoms/cart-atoms';
import { CartLink } from './cart-link';

/** Pages that show the cart themselves (no floating button there). */
const CART_PAGES = ['/cart', '/checkout', '/payment-success', '/payment-cancel'];

/** Floating cart button at the bottom right, shown only when the cart is non-empty (count capped 9+); hidden on the cart and checkout pages. */
export function FloatingCartButton() {
  const count = useAtomValue(cartCountAtom);
  const { pathname } = useLocation();
  if (CART_PAGES.includes(pathname)) return null;
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition mounted={count > 0} transition="slide-up">
        {(styles) => (
          <div style={styles}>
            <CartLink label={`Cart, ${count} items`}>
              <Indicator label={capBadge(count, 9)} size={20} color="red" offset={6}>
                <ThemeIcon size={56} radius="xl" color="gavel" variant="filled" style={{ boxShadow: 'var(--mantine-shadow-lg)' }}>
                  <IconShoppingCart size={26} />
                </ThemeIcon>
              </Indicator>
            </CartLink>
          </div>
        )}
      </Transition>
    </Affix>
  );
}
