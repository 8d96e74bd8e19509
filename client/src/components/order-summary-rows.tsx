import { Group, Text } from '@mantine/core';

/**
 * One line of an order summary: `label` dimmed on the left, `value` (already formatted, e.g.
 * 'MK 65,000' or 'Free') on the right. Used by the cart's and the checkout's Order Summary.
 * Source: spec/shopping.md §2 "Cart page", "Checkout".
 */
export function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The Total line of an order summary: 'Total' and `value` (already formatted) large in the brand
 * colour, the value carrying `data-testid={testId}`. Source: spec/shopping.md §2 "Cart page", "Checkout".
 */
export function SummaryTotalRow({ value, testId }: { value: string; testId: string }) {
  return (
    <Group justify="space-between">
      <Text fw={700}>Total</Text>
      <Text fw={800} fz={22} c="gavel.8" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
