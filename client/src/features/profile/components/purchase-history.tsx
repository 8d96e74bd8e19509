import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Table, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconEye, IconSearch } from '@tabler/icons-react';
import { formatMK } from '@shared/rules/money';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { useQueryFailure } from '../../../lib/query-failure';
import { useDraftOrder, useDraftOrders } from '../api/draft-orders';
import { formatOrderDate, paymentMethodLabel, statusColor, statusName } from '../utils/order-display';
import { PaymentConfirmationModal, type PayRenderer } from './payment-confirmation-modal';

/** Search debounce. Source: spec §9 "purchase search debounce 300 ms". */
export const ORDER_SEARCH_DEBOUNCE_MS = 300;

/**
 * A narrow screen's order row, said as it reads: what it does, then everything it shows (status,
 * date, payment method, total), so what is seen is what is said (WCAG 2.5.3 "Label in Name").
 */
function orderRowLabel(o: {
  id: number;
  order_reference: string;
  status: { name: string } | null;
  created_at: string;
  payment_method: string | null;
  amount_total: number;
}): string {
  return `View order ${o.order_reference || o.id}, ${statusName(o.status)}, ${formatOrderDate(o.created_at)} · ${paymentMethodLabel(o.payment_method)}, ${formatMK(o.amount_total)}`;
}

/**
 * Purchase History: 'Search orders...' (debounced 300 ms, back to page 1), a table of Order,
 * Date, Amount, Payment Method, Status, View; 'Loading orders...', 'No purchases found.';
 * 'Showing page X of Y' with Previous/Next; View opens the Payment Confirmation modal. A failed
 * list is logged, emptied and reset to page 1 of 1. Source: spec §2, §4, §8.
 */
export function PurchaseHistory({ renderPay }: { renderPay?: PayRenderer } = {}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), ORDER_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);

  const phone = useMediaQuery('(max-width: 36em)');

  useEffect(() => setPage(1), [debounced]);

  // A failed list is logged, emptied and back to page 1 of 1 (spec §8); while the next page is
  // read, the last one stays shown and the pager waits.
  const list = useDraftOrders(page, debounced);
  useQueryFailure(list, (e) => {
    console.error('Failed to load purchase history', e);
    setPage(1);
  });
  const orders = list.isError ? [] : (list.data?.data ?? []);
  const lastPage = list.isError ? 1 : Math.max(1, list.data?.meta.last_page ?? 1);
  const loading = list.isPending;
  const paging = list.isFetching;

  // The order's receipt: loading on View, then the order, or nothing when it could not be read.
  const order = useDraftOrder(viewing);
  useQueryFailure(order, (e) => console.error('Failed to load order', e));
  const modal = { opened: viewing !== null, loading: viewing !== null && order.isPending, order: order.isError ? null : (order.data ?? null) };
  const view = (id: number) => setViewing(id);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="purchase-history">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4">
          Purchase History
        </Title>
        <TextInput
          placeholder={ACCOUNT_MESSAGES.searchOrders}
          aria-label="Search orders"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {phone ? (
        <Stack gap="xs">
          {loading ? (
            <Text c="dimmed" ta="center" py="md">
              {ACCOUNT_MESSAGES.loadingOrders}
            </Text>
          ) : orders.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {ACCOUNT_MESSAGES.noPurchases}
            </Text>
          ) : (
            orders.map((o) => (
              <UnstyledButton key={o.id} onClick={() => view(o.id)} aria-label={orderRowLabel(o)} data-testid="order-row">
                <Paper withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} size="sm" truncate>
                      #{o.order_reference || o.id}
                    </Text>{' '}
                    {/* The spaces between the row's parts keep its words apart when it is read as text. */}
                    <Badge color={statusColor(o.status?.name)} variant="light" style={{ flexShrink: 0 }}>
                      {statusName(o.status)}
                    </Badge>
                  </Group>{' '}
                  <Group justify="space-between" mt={4} gap="xs">
                    <Text size="xs" c="dimmed">
                      {formatOrderDate(o.created_at)} · {paymentMethodLabel(o.payment_method)}
                    </Text>{' '}
                    <Group gap={4} wrap="nowrap" ml="auto">
                      <Text fw={700} size="sm">
                        {formatMK(o.amount_total)}
                      </Text>
                      <IconChevronRight size={16} color="var(--mantine-color-gray-5)" aria-hidden />
                    </Group>
                  </Group>
                </Paper>
              </UnstyledButton>
            ))
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped={!loading && orders.length > 0} highlightOnHover={!loading && orders.length > 0} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Payment Method</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="center">View</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      {ACCOUNT_MESSAGES.loadingOrders}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : orders.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      {ACCOUNT_MESSAGES.noPurchases}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                orders.map((o) => (
                  <Table.Tr key={o.id} data-testid="order-row">
                    <Table.Td fw={600}>#{o.order_reference || o.id}</Table.Td>
                    <Table.Td>{formatOrderDate(o.created_at)}</Table.Td>
                    <Table.Td ta="right">{formatMK(o.amount_total)}</Table.Td>
                    <Table.Td>{paymentMethodLabel(o.payment_method)}</Table.Td>
                    <Table.Td>
                      <Badge color={statusColor(o.status?.name)} variant="light">
                        {statusName(o.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="center">
                      <Tooltip label="View receipt">
                        <ActionIcon variant="light" aria-label={`View order ${o.order_reference || o.id}`} onClick={() => view(o.id)}>
                          <IconEye size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="orders-pager">
          Showing page {page} of {lastPage}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" disabled={page <= 1 || paging} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Previous
          </Button>
          <Button size="xs" variant="default" disabled={page >= lastPage || paging} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </Group>
      </Group>
      <PaymentConfirmationModal {...modal} renderPay={renderPay} onClose={() => setViewing(null)} />
    </Card>
  );
}
