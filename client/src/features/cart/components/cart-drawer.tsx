import { useState } from 'react';
import { Badge, Button, Divider, Drawer, Group, ScrollArea, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useAtom, useAtomValue } from 'jotai';
import { CART_MESSAGES as M } from '@shared/messages/cart';
import { formatMK } from '@shared/rules/money';
import { capBadge } from '../../../lib/badge';
import { cartCountAtom, cartDrawerOpenAtom, cartItemsAtom, cartTotalAtom } from '../atoms/cart-atoms';
import { proceedToCheckout } from '../lib/cart-checkout';
import { clearCart } from '../lib/cart-store';
import { CartItemRow } from './cart-item-row';

/**
 * Cart drawer: title with count (99+), the items, total, Proceed to Checkout, Clear Cart (with
 * the browser confirmation), and the empty text. Source: spec/shopping.md §2 "Cart drawer".
 */
export function CartDrawer() {
  const [opened, setOpened] = useAtom(cartDrawerOpenAtom);
  const items = useAtomValue(cartItemsAtom);
  const count = useAtomValue(cartCountAtom);
  const total = useAtomValue(cartTotalAtom);
  const [busy, setBusy] = useState(false);

  return (
    <Drawer
      opened={opened}
      onClose={() => setOpened(false)}
      position="right"
      size="md"
      padding="md"
      title={
        <Group gap="xs">
          <IconShoppingCart size={22} />
          <Title order={3} fz={20}>
            Your Cart
          </Title>
          <Badge color="gavel" variant="filled" data-testid="drawer-count">
            {capBadge(count, 99)}
          </Badge>
        </Group>
      }
      scrollAreaComponent={ScrollArea.Autosize}
      data-testid="cart-drawer"
    >
      {items.length === 0 ? (
        <Stack align="center" py={60} gap="xs">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray">
            <IconShoppingCart size={32} />
          </ThemeIcon>
          <Text fw={650}>{M.emptyTitle}</Text>
          <Text size="sm" c="dimmed">
            {M.emptyHint}
          </Text>
          <Button variant="light" mt="sm" onClick={() => setOpened(false)}>
            Continue Shopping
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          {items.map((item, i) => (
            <Stack key={item.id} gap="md">
              {i > 0 && <Divider />}
              <CartItemRow item={item} compact />
            </Stack>
          ))}
          <Divider />
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fw={800} fz="xl" c="gavel.8" data-testid="drawer-total">
              {formatMK(total)}
            </Text>
          </Group>
          <Button
            size="md"
            color="gavel"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              const going = await proceedToCheckout();
              if (!going) setBusy(false);
            }}
          >
            Proceed to Checkout
          </Button>
          <Group grow>
            <Button component="a" href="/cart" variant="default">
              View Cart
            </Button>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => {
                if (window.confirm(M.clearConfirm(count))) void clearCart();
              }}
            >
              Clear Cart
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
