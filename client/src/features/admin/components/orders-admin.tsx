import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  useMatches,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMK } from '@shared/rules/money';
import { detailTimeLeft } from '@shared/rules/time-left';
import type { AdminOrderFilter, AdminOrderView, AdminOrdersPage } from '@shared/schemas/admin-order.schema';
import { HistoryLink } from '../../../components/history-link';
import { auditHref } from '../../../lib/audit-links';
import { formatDateTimeGB } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReadFailureNotice } from '../../../lib/query-failure';
import { useServerNow } from '../../../lib/server-clock';
import { laterOrderView, ordersPageQuery, useSettleReservedOrder } from '../api/admin-api';
import { orderKeys } from '../api/query-keys';
import { useOrdersFeed } from '../hooks/use-orders-feed';
import { RecordWonPayment } from './record-won-payment';

const FILTERS: { value: AdminOrderFilter; label: string }[] = [
  { value: 'reserved', label: 'Reserved' },
  { value: 'awaiting_payment', label: 'Awaiting' },
  { value: 'paid', label: 'Paid' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];
const STATUS_COLOR: Record<AdminOrderView['status'], string> = {
  reserved: 'yellow',
  awaiting_payment: 'blue',
  pending: 'blue',
  paid: 'green',
  completed: 'green',
  cancelled: 'gray',
  failed: 'red',
};
const METHOD_LABEL: Record<string, string> = { cash: 'Cash on delivery', dpopay: 'DPO Pay', bank: 'Bank', card: 'Card' };
const PER_PAGE = 20;
/** Under this much time left a reservation's countdown shows red. */
const URGENT_MS = 6 * 3600_000;
/** Live events arriving together (a burst of orders) trigger one quiet reload. */
const RELOAD_COALESCE_MS = 300;

type Pending = { order: AdminOrderView; action: 'cash' | 'cancel' };

/**
 * Operators' orders: a status filter (Reserved first), search by reference, customer name,
 * e-mail or phone, and for each reserved cash-on-delivery order the time left on its
 * reservation with Cash received (confirmed) and Cancel (a reason is required). A table from
 * 1200 px (scrolls sideways rather than clip its actions), cards below (two columns on tablets). Live (room `admin:orders`, {@link useOrdersFeed}): a row shown
 * is updated in place when its order changes, whoever changed it (this operator, another, the
 * release job, a payment), and stays on the page until the filter, search or page changes; an
 * order not shown that may belong on this page (a new one) reloads the page quietly. An open
 * confirmation whose order was settled meanwhile says so instead of offering the action.
 * Source: admin orders brief (settling cash-on-delivery orders; the screen updates live).
 */
export function OrdersAdmin() {
  // `/admin/orders?search=<reference>` (the audit trail's order links) opens on that search, any status.
  const [params] = useSearchParams();
  const [status, setStatus] = useState<AdminOrderFilter>(params.get('search') ? 'all' : 'reserved');
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const settle = useSettleReservedOrder();
  const busy = settle.isPending;
  const now = useServerNow(30_000);
  const narrow = useMatches({ base: true, sm: false });
  const queryClient = useQueryClient();

  /** Latest view of each order received live: a list read before an event never undoes it (merged by the query). */
  const live = useRef(new Map<number, AdminOrderView>());
  const { data, error } = useQuery(ordersPageQuery({ status, search: debounced.trim(), page }, PER_PAGE, live.current));
  // A page that could not be read shows no rows; a failed quiet reload keeps what is shown.
  useReadFailureNotice(data ? null : error, 'Failed to load orders');
  const result: AdminOrdersPage | null = data ?? (error ? { data: [], meta: { page: 1, per_page: PER_PAGE, total: 0, last_page: 1 } } : null);
  const shown = useRef<AdminOrdersPage | null>(null);
  shown.current = result;
  useEffect(() => setPage(1), [status, debounced]);

  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Reads the orders pages again after a short quiet (a burst of events is one reload); the rows stay meanwhile. */
  const reloadSoon = useCallback(() => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => {
      reloadTimer.current = null;
      void queryClient.invalidateQueries({ queryKey: orderKeys.pages() });
    }, RELOAD_COALESCE_MS);
  }, [queryClient]);
  useEffect(() => () => void (reloadTimer.current && clearTimeout(reloadTimer.current)), []);

  /** Shows an order's latest view: in place in every cached page holding it, else a quiet reload when it may belong here. */
  const applyOrder = useCallback(
    (order: AdminOrderView) => {
      const known = live.current.get(order.id);
      const current = known ? laterOrderView(known, order) : order;
      live.current.set(order.id, current);
      queryClient.setQueriesData<AdminOrdersPage>({ queryKey: orderKeys.pages() }, (prev) =>
        prev?.data.some((o) => o.id === order.id) ? { ...prev, data: prev.data.map((o) => (o.id === order.id ? laterOrderView(o, current) : o)) } : prev,
      );
      // A page still being read is merged with `live` when it arrives; a new order it may have
      // missed reloads the page.
      if (!shown.current?.data.some((o) => o.id === order.id) && (status === 'all' || status === order.status || debounced)) reloadSoon();
    },
    [status, debounced, reloadSoon, queryClient],
  );
  useOrdersFeed({ onOrder: applyOrder, onResync: reloadSoon });

  const close = () => {
    if (busy) return;
    setPending(null);
    setReason('');
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      const done = await settle.mutateAsync(
        pending.action === 'cash' ? { id: pending.order.id, action: 'cash' } : { id: pending.order.id, action: 'cancel', reason: reason.trim() },
      );
      notifySuccess(done.message);
      applyOrder(done.data);
    } catch (e) {
      notifyError(e instanceof Error ? e.message : 'Failed to update the order');
      void queryClient.invalidateQueries({ queryKey: orderKeys.pages() });
    } finally {
      setPending(null);
      setReason('');
    }
  };

  const rows = result?.data ?? null;
  /** The pending order as it stands now (another operator or a job may have settled it meanwhile). */
  const pendingNow = pending ? (rows?.find((o) => o.id === pending.order.id) ?? pending.order) : null;
  const settledMeanwhile = pendingNow !== null && pendingNow.status !== 'reserved' && !busy;
  const actions = (o: AdminOrderView, fullWidth = false) =>
    o.status === 'reserved' && o.payment_method === 'cash' ? (
      <Group gap="xs" justify="flex-end" wrap="nowrap" grow={fullWidth}>
        <Button size="xs" color="green" onClick={() => setPending({ order: o, action: 'cash' })}>
          Cash received
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => setPending({ order: o, action: 'cancel' })}>
          Cancel
        </Button>
      </Group>
    ) : o.source === 'auction' && o.status === 'awaiting_payment' ? (
      <RecordWonPayment order={o} onDone={applyOrder} fullWidth={fullWidth} />
    ) : null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Orders
        </Title>
        <Text c="dimmed">Record cash collected on delivery, or cancel a reservation so its items go back on sale.</Text>
      </div>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as AdminOrderFilter)}
          data={FILTERS}
          aria-label="Order status"
          fullWidth={narrow}
          size={narrow ? 'xs' : 'sm'}
          w={narrow ? '100%' : undefined}
        />
        <TextInput
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Reference, name, e-mail or phone"
          aria-label="Search orders"
          leftSection={<IconSearch size={16} />}
          w={narrow ? '100%' : 340}
        />
      </Group>

      {rows === null && <Text c="dimmed">Loading orders…</Text>}
      {rows?.length === 0 && (
        <Card withBorder radius="lg">
          <Text c="dimmed">{debounced ? 'No orders match your search.' : 'No orders here.'}</Text>
        </Card>
      )}

      {rows && rows.length > 0 && (
        <>
          <Card withBorder radius="lg" padding={0} visibleFrom="lg">
            <Table.ScrollContainer minWidth={1040}>
              <Table verticalSpacing="sm" horizontalSpacing="md" striped data-testid="orders-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th miw={180}>Items</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th miw={170}>Status</Table.Th>
                    <Table.Th ta="right">Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((o) => (
                    <Table.Tr key={o.id} data-testid="order-row">
                      <Table.Td>
                        <Text ff="monospace" fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {o.order_reference}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTimeGB(o.created_at)}
                        </Text>
                        <HistoryLink
                          to={auditHref({ subject_type: 'order', subject_id: o.id })}
                          label="History"
                          title={`Audit trail of ${o.order_reference}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <CustomerText order={o} />
                      </Table.Td>
                      <Table.Td>
                        <LinesText order={o} />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm" fw={600}>
                          {formatMK(o.amount_total)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {o.payment_method ? METHOD_LABEL[o.payment_method] : 'No payment method'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StatusText order={o} now={now} />
                      </Table.Td>
                      <Table.Td>{actions(o) ?? <SettledText order={o} />}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" hiddenFrom="lg" data-testid="orders-cards">
            {rows.map((o) => (
              <Card key={o.id} withBorder radius="lg" padding="md" data-testid="order-card">
                <Stack gap="xs" flex={1}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text ff="monospace" fw={600} size="sm">
                        {o.order_reference}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTimeGB(o.created_at)}
                      </Text>
                      <HistoryLink to={auditHref({ subject_type: 'order', subject_id: o.id })} label="History" title={`Audit trail of ${o.order_reference}`} />
                    </div>
                    <div>
                      <Text fw={700} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatMK(o.amount_total)}
                      </Text>
                      <Text size="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {o.payment_method ? METHOD_LABEL[o.payment_method] : 'No payment method'}
                      </Text>
                    </div>
                  </Group>
                  <CustomerText order={o} />
                  <LinesText order={o} />
                  <StatusText order={o} now={now} />
                  {/* Two cards side by side (tablets) keep their buttons on one line at the bottom. */}
                  <div style={{ marginTop: 'auto' }}>{actions(o, true) ?? <SettledText order={o} align="left" />}</div>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}

      {result && result.meta.last_page > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {result.meta.total} orders
          </Text>
          <Pagination value={page} onChange={setPage} total={result.meta.last_page} size="sm" />
        </Group>
      )}

      <Modal opened={pending !== null} onClose={close} title={pending?.action === 'cash' ? 'Record cash received' : 'Cancel reservation'} centered>
        {pending && settledMeanwhile && (
          <Stack>
            <Alert color="blue" variant="light" data-testid="order-settled-meanwhile">
              {settledNotice(pendingNow!)}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
        {pending && !settledMeanwhile && (
          <Stack>
            {pending.action === 'cash' ? (
              <Text size="sm">
                Record <b>{formatMK(pending.order.amount_total)}</b> received in cash for <b>{pending.order.order_reference}</b> ({pending.order.customer.name}
                )? The order becomes paid and its items are sold.
              </Text>
            ) : (
              <>
                <Text size="sm">
                  Cancel <b>{pending.order.order_reference}</b> ({pending.order.customer.name})? Its items go back on sale straight away.
                </Text>
                <Textarea
                  label="Reason"
                  required
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                  minRows={2}
                  autosize
                  placeholder="e.g. Buyer phoned to cancel"
                  data-autofocus
                />
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {pending.action === 'cash' ? 'Back' : 'Keep order'}
              </Button>
              {pending.action === 'cash' ? (
                <Button color="green" loading={busy} onClick={() => void confirm()}>
                  Cash received
                </Button>
              ) : (
                <Button color="red" loading={busy} disabled={reason.trim().length < 3} onClick={() => void confirm()}>
                  Cancel order
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** What an open confirmation says when its order was settled by someone else meanwhile. */
function settledNotice(order: AdminOrderView): string {
  const ref = order.order_reference;
  const by = order.settled_by ? ` by ${order.settled_by}` : '';
  if (order.status === 'paid' || order.status === 'completed') return `${ref} was marked paid${by} while this was open. Nothing more to do.`;
  if (order.status === 'cancelled') {
    return order.settled_by
      ? `${ref} was cancelled${by} while this was open; its items are back on sale.`
      : `${ref}'s reservation expired and was released while this was open; its items are back on sale.`;
  }
  return `${ref} is now ${order.status.replace('_', ' ')}; it can no longer be settled here.`;
}

function CustomerText({ order }: { order: AdminOrderView }) {
  const { name, email, phone } = order.customer;
  return (
    <div>
      <Text size="sm" fw={500}>
        {name ?? '—'}
      </Text>
      {email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
      )}
      {phone && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {phone}
        </Text>
      )}
      {order.customer.user_id != null && (
        <HistoryLink to={auditHref({ actor_id: order.customer.user_id })} label="Their activity" title={`Everything ${name ?? 'this customer'} did`} />
      )}
    </div>
  );
}

function LinesText({ order }: { order: AdminOrderView }) {
  return (
    <Stack gap={0}>
      {order.lines.map((l, i) => (
        <div key={i}>
          <Text size="sm" lineClamp={2} title={l.name}>
            {l.name}
            {l.quantity > 1 ? ` × ${l.quantity}` : ''}
          </Text>
          {l.item_id !== null && (
            <HistoryLink to={auditHref({ subject_type: 'item', subject_id: l.item_id })} label="Lot history" title={`Audit trail of ${l.name}`} />
          )}
        </div>
      ))}
    </Stack>
  );
}

function StatusText({ order, now }: { order: AdminOrderView; now: Date }) {
  const label = order.status === 'awaiting_payment' ? 'awaiting payment' : order.status;
  const reserved = order.status === 'reserved' && order.reserved_until;
  const left = reserved ? new Date(order.reserved_until!).getTime() - now.getTime() : 0;
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STATUS_COLOR[order.status]} variant="light" style={{ overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
        {label}
      </Badge>
      {reserved && (
        <Text
          size="xs"
          fw={500}
          c={left <= 0 ? 'red' : left < URGENT_MS ? 'red' : 'dimmed'}
          title={`Reserved until ${formatDateTimeGB(order.reserved_until)}`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {left <= 0 ? 'Expired, releasing' : `${detailTimeLeft(order.reserved_until, now)} left`}
        </Text>
      )}
    </Group>
  );
}

function SettledText({ order, align = 'right' }: { order: AdminOrderView; align?: 'left' | 'right' }) {
  const when = order.status === 'paid' ? order.paid_at : order.status === 'cancelled' ? order.cancelled_at : null;
  if (!when && !order.cancel_reason)
    return align === 'right' ? (
      <Text size="xs" c="dimmed" ta="right">
        —
      </Text>
    ) : null;
  const who = order.settled_by ? ` by ${order.settled_by}` : order.status === 'cancelled' && order.payment_method === 'cash' ? ' (reservation expired)' : '';
  return (
    <Stack gap={0} align={align === 'right' ? 'flex-end' : 'flex-start'}>
      {when && (
        <Text size="xs" c="dimmed" ta={align}>
          {order.status === 'paid' ? 'Paid' : 'Cancelled'} {formatDateTimeGB(when)}
          {who}
        </Text>
      )}
      {order.cancel_reason && (
        <Text size="xs" c="dimmed" ta={align} fs="italic">
          “{order.cancel_reason}”
        </Text>
      )}
    </Stack>
  );
}
