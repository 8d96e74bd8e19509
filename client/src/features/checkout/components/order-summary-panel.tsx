import { Anchor, Divider, Group, Image, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconPhoto } from '@tabler/icons-react';
import { SummaryRow, SummaryTotalRow } from '../../../components/order-summary-rows';
import { formatMK } from '@shared/rules/money';
import type { CheckoutLine } from './checkout-page';

/**
 * Order summary side panel: items with name, quantity and subtotal; subtotal, shipping Free,
 * tax 0, total; Back to Cart link. Source: spec/shopping.md §2 "Checkout".
 */
export function OrderSummaryPanel({ lines }: { lines: CheckoutLine[] }) {
  const subtotal = lines.reduce((s, l) => s + l.target_amount * l.quantity, 0);
  return (
    <Paper withBorder radius="md" p="lg" style={{ position: 'sticky', top: 84 }} data-testid="checkout-summary">
      <Title order={3} fz={20} mb="md">
        Order Summary
      </Title>
      <Stack gap="sm">
        {lines.map((l) => (
          <Group key={l.id} gap="sm" wrap="nowrap" align="flex-start">
            {l.image ? (
              <Image src={l.image} alt="" w={44} h={44} radius="sm" fit="cover" />
            ) : (
              <ThemeIcon size={44} variant="light" color="gray">
                <IconPhoto size={18} />
              </ThemeIcon>
            )}
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {l.name}
              </Text>
              <Text size="xs" c="dimmed">
                Qty {l.quantity} × {formatMK(l.target_amount)}
              </Text>
            </div>
            <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatMK(l.target_amount * l.quantity)}
            </Text>
          </Group>
        ))}
        <Divider />
        <SummaryRow label="Subtotal" value={formatMK(subtotal)} />
        <SummaryRow label="Shipping" value="Free" />
        <SummaryRow label="Tax" value={formatMK(0)} />
        <Divider />
        <SummaryTotalRow value={formatMK(subtotal)} testId="checkout-total" />
        <Anchor href="/cart" size="sm" mt="xs">
          <Group gap={4}>
            <IconArrowLeft size={14} /> Back to Cart
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}
