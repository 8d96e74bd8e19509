import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Divider, Grid, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconBolt, IconClock, IconGavel, IconShoppingCart, IconTrash, IconWifiOff } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { SummaryRow, SummaryTotalRow } from '../../../components/order-summary-rows';
import { CART_MESSAGES as M } from '@shared/messages/cart';
import { formatMK } from '@shared/rules/money';
import { cartCountAtom, cartPendingCountAtom, cartStateAtom, cartTotalAtom, type CartEntry } from '../atoms/cart-atoms';
import { proceedToCheckout } from '../lib/cart-checkout';
import { clearCart } from '../lib/cart-store';
import { CartItemRow } from './cart-item-row';
import { TYPE_GROUP_TITLE } from './cart-type-badge';

const TYPES = ['cash', 'online', 'live'] as const;
/** Delay of Continue Shopping, ms. Source: spec/shopping.md §4, §9. */
const CONTINUE_SHOPPING_MS = 500;

function sumOf(items: CartEntry[]) {
  return items.reduce((s, i) => s + i.target_amount * i.quantity, 0);
}

/**
 * /cart: 'Shopping Cart' (or 'Your Cart is Empty'), Continue Shopping and Checkout, the items
 * (optionally grouped by daily sale, online and live with count and subtotal), Clear Cart with
 * the browser confirmation, the order summary, and an empty state explaining the three types.
 * Source: spec/shopping.md §2 "Cart page", §5.
 */
export function CartPage() {
  const state = useAtomValue(cartStateAtom);
  const count = useAtomValue(cartCountAtom);
  const total = useAtomValue(cartTotalAtom);
  const pending = useAtomValue(cartPendingCountAtom);
  const [grouped, setGrouped] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const items = state.items;
  const groups = useMemo(() => TYPES.map((t) => ({ type: t, items: items.filter((i) => i.type === t) })).filter((g) => g.items.length), [items]);
  const continueShopping = () => setTimeout(() => navigate('/'), CONTINUE_SHOPPING_MS);

  if (!state.ready && state.loading) {
    return (
      <Stack align="center" py={80}>
        <Loader color="gavel" />
        <Text c="dimmed">Loading your cart...</Text>
      </Stack>
    );
  }

  if (items.length === 0) return <EmptyCart error={state.error} onContinue={continueShopping} />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Shopping Cart
          </Title>
          <Text c="dimmed" size="sm" data-testid="cart-page-count">
            {count} {count === 1 ? 'item' : 'items'} in your cart
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={continueShopping}>
            Continue Shopping
          </Button>
          <Button
            color="gavel"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              if (!(await proceedToCheckout())) setBusy(false);
            }}
            data-testid="cart-checkout"
          >
            Checkout
          </Button>
        </Group>
      </Group>

      {pending > 0 && (
        <Alert color="orange" variant="light" icon={<IconWifiOff size={18} />} data-testid="cart-pending">
          {pending} {pending === 1 ? 'change is' : 'changes are'} waiting for the connection to come back.
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Group justify="space-between" mb="md">
              <Switch label="Group by type" checked={grouped} onChange={(e) => setGrouped(e.currentTarget.checked)} data-testid="group-toggle" />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  if (window.confirm(M.clearConfirm(count))) void clearCart();
                }}
                data-testid="clear-cart"
              >
                Clear Cart
              </Button>
            </Group>
            {grouped ? (
              <Stack gap="xl">
                {groups.map((g) => (
                  <Stack key={g.type} gap="sm" data-testid={`cart-group-${g.type}`}>
                    <Group justify="space-between" bg="gray.0" px="sm" py={6} style={{ borderRadius: 8 }}>
                      <Group gap="xs">
                        <Text fw={700}>{TYPE_GROUP_TITLE[g.type]}</Text>
                        <Badge variant="light" color="gray">
                          {g.items.length}
                        </Badge>
                      </Group>
                      <Text fw={700} size="sm">
                        {formatMK(sumOf(g.items))}
                      </Text>
                    </Group>
                    <Rows items={g.items} />
                  </Stack>
                ))}
              </Stack>
            ) : (
              <Rows items={items} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg" style={{ position: 'sticky', top: 84 }} data-testid="order-summary">
            <Title order={3} fz={20} mb="md">
              Order Summary
            </Title>
            <Stack gap={8}>
              <SummaryRow label="Items" value={String(count)} />
              {TYPES.map((t) => {
                const list = items.filter((i) => i.type === t);
                return list.length ? <SummaryRow key={t} label={`${TYPE_GROUP_TITLE[t]} subtotal`} value={formatMK(sumOf(list))} /> : null;
              })}
              <SummaryRow label="Shipping" value="Free" />
              <Divider my={4} />
              <SummaryTotalRow value={formatMK(total)} testId="cart-total" />
            </Stack>
            <Button
              fullWidth
              mt="lg"
              size="md"
              color="gavel"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                if (!(await proceedToCheckout())) setBusy(false);
              }}
            >
              Proceed to Checkout
            </Button>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Rows({ items }: { items: CartEntry[] }) {
  return (
    <Stack gap="md">
      {items.map((item, i) => (
        <Stack key={item.id} gap="md">
          {i > 0 && <Divider />}
          <CartItemRow item={item} />
        </Stack>
      ))}
    </Stack>
  );
}

const EXPLAINERS = [
  { icon: IconBolt, color: 'gold', title: 'Daily Sale', text: 'Fixed-price items you can buy straight away: add them to your cart and check out.' },
  { icon: IconClock, color: 'blue', title: 'Online Auctions', text: 'Place bids before the closing date; the highest bid when the auction ends wins.' },
  { icon: IconGavel, color: 'red', title: 'Live Auctions', text: 'Bid in real time during the auction window, after registering for the auction.' },
];

function EmptyCart({ error, onContinue }: { error: string | null; onContinue: () => void }) {
  return (
    <Stack align="center" gap="lg" py={{ base: 32, sm: 56 }} data-testid="cart-empty">
      <ThemeIcon size={84} radius="xl" variant="light" color="gavel">
        <IconShoppingCart size={42} />
      </ThemeIcon>
      <Stack gap={4} align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Your Cart is Empty
        </Title>
        <Text c="dimmed" ta="center">
          {M.emptyHint}. Here is how buying works on Gavel:
        </Text>
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" maw={960} w="100%">
        {EXPLAINERS.map((e) => (
          <Paper key={e.title} withBorder radius="md" p="lg">
            <ThemeIcon color={e.color} variant="light" size={40} radius="md" mb="sm">
              <e.icon size={22} />
            </ThemeIcon>
            <Text fw={700}>{e.title}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {e.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Button size="md" color="gavel" onClick={onContinue}>
        Continue Shopping
      </Button>
    </Stack>
  );
}
