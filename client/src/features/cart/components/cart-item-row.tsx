import { ActionIcon, Badge, Box, Group, Image, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { formatMK } from '@shared/rules/money';
import type { CartEntry } from '../atoms/cart-atoms';
import { removeFromCart, updateCartQuantity } from '../lib/cart-store';
import { CartTypeBadge } from './cart-type-badge';
import { QuantityStepper } from './quantity-stepper';

/**
 * One cart row: image, name (link), type badge, id, description, unit price, quantity stepper,
 * subtotal, remove button. `compact` for the drawer. Source: spec/shopping.md §2 "Cart drawer".
 */
export function CartItemRow({ item, compact = false }: { item: CartEntry; compact?: boolean }) {
  const size = compact ? 64 : 96;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="cart-row" data-item-id={item.id} style={{ opacity: item.optimistic ? 0.7 : 1 }}>
      <Box w={size} h={size} style={{ flexShrink: 0, borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
        {item.image ? (
          <Image src={item.image} alt={item.name} w={size} h={size} fit="cover" />
        ) : (
          <ThemeIcon w={size} h={size} variant="light" color="gray">
            <IconPhoto size={24} />
          </ThemeIcon>
        )}
      </Box>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Box style={{ minWidth: 0 }}>
            <Text component="a" href={`/item/${item.id}`} fw={650} size={compact ? 'sm' : 'md'} lineClamp={2} c="inherit" style={{ textDecoration: 'none' }}>
              {item.name}
            </Text>
            <Group gap={6} mt={2}>
              <CartTypeBadge type={item.type} />
              {item.is_reserved && (
                <Badge size="xs" color="grape" variant="filled">
                  Reserved (COD)
                </Badge>
              )}
              <Text size="xs" c="dimmed" ff="monospace">
                #{item.id}
                {item.code ? ` · ${item.code}` : ''}
              </Text>
            </Group>
          </Box>
          <Tooltip label="Remove" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${item.name}`}
              onClick={() => void removeFromCart(item.id)}
              data-testid="cart-row-remove"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {item.description && (
          <Text size="xs" c="dimmed" lineClamp={compact ? 1 : 2}>
            {item.description}
          </Text>
        )}
        <Group justify="space-between" align="flex-end" gap="xs" mt={2}>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {formatMK(item.target_amount)} each
            </Text>
            <QuantityStepper
              value={item.quantity}
              max={item.available_quantity > 0 ? item.available_quantity : undefined}
              onChange={(q) => void updateCartQuantity(item.id, q)}
              label={item.name}
            />
          </Stack>
          <Text fw={750} size={compact ? 'sm' : 'md'} data-testid="cart-row-subtotal" style={{ whiteSpace: 'nowrap' }}>
            {formatMK(item.target_amount * item.quantity)}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}
