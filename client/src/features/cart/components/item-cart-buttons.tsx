import { useEffect } from 'react';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconBolt, IconCheck, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Tooltip } from '../../../components/tooltip/tooltip';
import type { Item } from '@shared/schemas/item.schema';
import { isSoldOut } from '@shared/rules/item-status';
import { notifyError } from '../../../lib/notify';
import { cartBusyIdsAtom, cartDrawerOpenAtom, cartItemsAtom } from '../atoms/cart-atoms';
import { proceedToCheckout } from '../lib/cart-checkout';
import { addToCart, removeFromCart } from '../lib/cart-store';

function useCartFlags(item: Item) {
  const items = useAtomValue(cartItemsAtom);
  const busy = useAtomValue(cartBusyIdsAtom).has(item.id);
  const inCart = items.some((i) => i.id === item.id);
  const sold = isSoldOut(item) || (item.quantity <= 0 && !inCart);
  return { inCart, busy, sold, reserved: item.is_reserved };
}

/**
 * The cart button of a daily-sale card: Add to Cart; Remove when in the cart; disabled 'Sold'
 * or 'Reserved (COD)'; busy for at least 500 ms. Source: spec/shopping.md §4 "Cart button
 * states", §5 "Cart", §9.
 */
export function CardCartButton({ item }: { item: Item }) {
  const { inCart, busy, sold, reserved } = useCartFlags(item);
  if (sold || reserved) {
    return (
      <Tooltip label={sold ? 'This item has been sold' : 'Reserved for a cash-on-delivery order'} withArrow>
        <Box>
          <Button fullWidth size="sm" px="xs" disabled data-testid="card-cart-button">
            {sold ? 'Sold' : 'Reserved (COD)'}
          </Button>
        </Box>
      </Tooltip>
    );
  }
  if (inCart) {
    return (
      <Button
        size="sm"
        px="xs"
        variant="light"
        color="red"
        loading={busy}
        leftSection={<IconTrash size={15} />}
        onClick={() => void removeFromCart(item.id)}
        data-testid="card-cart-button"
      >
        Remove
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      px="xs"
      color="gold"
      c="dark.9"
      loading={busy}
      leftSection={<IconShoppingCart size={15} />}
      onClick={() => void addToCart(item)}
      data-testid="card-cart-button"
    >
      Add to Cart
    </Button>
  );
}

/**
 * The item page's cart block for daily-sale items: Add to Cart and Buy Now (full-page
 * `/add-to-cart/{id}?checkout=true`); in the cart: 'Item is in your cart' with Remove, Checkout
 * and View Cart (drawer); disabled 'Reserved (COD)' or 'Sold'. A failed buy-now redirect's
 * message (`?cart_error=`) is shown once. Source: spec/shopping.md §2, §4, §5.
 */
export function DetailCartActions({ item }: { item: Item }) {
  const { inCart, busy, sold, reserved } = useCartFlags(item);
  const openDrawer = useSetAtom(cartDrawerOpenAtom);

  useEffect(() => {
    const url = new URL(window.location.href);
    const err = url.searchParams.get('cart_error');
    if (err) {
      notifyError(err);
      url.searchParams.delete('cart_error');
      window.history.replaceState(window.history.state, '', url.toString());
    }
  }, []);

  if (sold || reserved) {
    return (
      <Stack gap="xs">
        <Button fullWidth size="md" disabled data-testid="add-to-cart-button">
          {sold ? 'Sold' : 'Reserved (COD)'}
        </Button>
        <Button fullWidth size="md" variant="default" disabled>
          Buy Now
        </Button>
        {reserved && !sold && (
          <Text size="xs" c="dimmed">
            This item is reserved for a cash-on-delivery order. It returns to sale if the order is not paid in time.
          </Text>
        )}
      </Stack>
    );
  }
  if (inCart) {
    return (
      <Stack gap="xs">
        <Alert color="green" variant="light" icon={<IconCheck size={18} />} py="xs" data-testid="in-cart-notice">
          Item is in your cart
        </Alert>
        <Group grow gap="xs">
          <Button
            variant="light"
            color="red"
            loading={busy}
            leftSection={<IconTrash size={16} />}
            onClick={() => void removeFromCart(item.id)}
            data-testid="remove-from-cart-button"
          >
            Remove
          </Button>
          <Button color="gavel" onClick={() => void proceedToCheckout()} data-testid="detail-checkout-button">
            Checkout
          </Button>
        </Group>
        <Button variant="subtle" size="xs" onClick={() => openDrawer(true)} data-testid="view-cart-button">
          View Cart
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Button
        fullWidth
        size="md"
        color="gold"
        c="dark.9"
        loading={busy}
        leftSection={<IconShoppingCart size={18} />}
        onClick={() => void addToCart(item)}
        data-testid="add-to-cart-button"
      >
        Add to Cart
      </Button>
      <Button
        fullWidth
        size="md"
        variant="outline"
        color="gavel"
        component="a"
        href={`/add-to-cart/${item.id}?checkout=true`}
        leftSection={<IconBolt size={18} />}
        data-testid="buy-now-button"
      >
        Buy Now
      </Button>
    </Stack>
  );
}
