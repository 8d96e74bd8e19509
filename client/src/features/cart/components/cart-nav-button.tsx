import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { capBadge } from '../../../lib/badge';
import { cartCountAtom } from '../atoms/cart-atoms';
import { CartLink } from './cart-link';

/** Cart icon of the navigation with its count badge (9+ above 9). */
export function CartNavButton() {
  const count = useAtomValue(cartCountAtom);
  return (
    <Indicator
      label={capBadge(count, 9)}
      size={16}
      color="gold"
      offset={4}
      disabled={count === 0}
      styles={{ indicator: { color: '#1a1b1e', fontWeight: 700 } }}
    >
      <ActionIcon component={CartLink} label={`Cart, ${count} items`} variant="subtle" color="white" size="lg" radius="xl" data-testid="nav-cart">
        <IconShoppingCart size={22} />
      </ActionIcon>
    </Indicator>
  );
}
