import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import { getSocket } from '../../../lib/socket';
import { overviewKeys, overviewQuery } from '../api/get-overview';
import { BidsChart } from './bids-chart';

/** An order's change read again after this quiet, ms (a burst of closes is one reload). */
const ORDER_DEBOUNCE_MS = 1000;

/** One figure card: its label, its value, a line under it, and where it leads. */
function FigureCard({ label, value, hint, to, testId }: { label: React.ReactNode; value: string; hint?: string; to?: string; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4} component="div">
        {label}
      </Text>
      <Text fz={28} fw={800} lh={1.2} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {to && (
        <Anchor component={Link} to={to} size="xs" mt={4}>
          Open
        </Anchor>
      )}
    </Card>
  );
}

/**
 * `/admin`, the operator's home: open lots, bids in the last hour, registrations waiting, orders
 * awaiting payment (count and total), failed jobs (BullMQ's count, or in the embedded mode the
 * in-process scheduler's failed runs, with a note on hover) and a bar chart of bids per minute
 * over the last hour. The figures are read again every 30 s, when the tab comes back into view,
 * and a second after an order changes (the operators' orders room, `order:updated`); bids are
 * followed by the poll. Source: issue 13 "An operator's home".
 */
export function OperatorHome() {
  const queryClient = useQueryClient();
  const { data: overview, isError: failed } = useQuery(overviewQuery());

  useEffect(() => {
    // Orders change live (a lot closes and its order waits for payment, a payment is recorded):
    // the operators' orders room says so, and the figures are read again at once.
    const reload = () => void queryClient.invalidateQueries({ queryKey: overviewKeys.all });
    const socket = getSocket();
    let pending: ReturnType<typeof setTimeout> | null = null;
    const onOrder = () => {
      if (pending) clearTimeout(pending);
      pending = setTimeout(reload, ORDER_DEBOUNCE_MS);
    };
    // The tab coming back into view reads the figures again at once.
    const onVisible = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onVisible);
    const join = () => socket.emit('admin:orders:subscribe', () => undefined);
    socket.on('order:updated', onOrder);
    socket.on('connect', join);
    if (socket.connected) join();
    return () => {
      if (pending) clearTimeout(pending);
      document.removeEventListener('visibilitychange', onVisible);
      socket.off('order:updated', onOrder);
      socket.off('connect', join);
      if (socket.connected) socket.emit('admin:orders:unsubscribe');
    };
  }, [queryClient]);

  const jobs = overview?.failed_jobs;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Today at Gavel
        </Title>
        <Text c="dimmed" size="sm">
          {overview
            ? `As of ${new Date(overview.generated_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}; refreshed every 30 seconds.`
            : failed
              ? 'The figures could not be loaded. Trying again in 30 seconds.'
              : 'Loading the figures…'}
        </Text>
      </div>
      {overview && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <FigureCard label="Open lots" value={String(overview.open_lots)} hint="Online and live, taking bids" to="/admin/lots" testId="home-open-lots" />
            <FigureCard label="Bids, last hour" value={String(overview.bids_last_hour)} testId="home-bids-hour" />
            <FigureCard label="Registrations waiting" value={String(overview.registrations_waiting)} to="/admin/registrations" testId="home-registrations" />
            <FigureCard
              label="Unpaid"
              value={String(overview.unpaid.count)}
              hint={`${formatMK(overview.unpaid.total)} awaiting payment`}
              to="/admin/orders"
              testId="home-unpaid"
            />
            <FigureCard
              label={
                <Group gap={4} wrap="nowrap">
                  Failed jobs
                  <Tooltip label={jobs?.note} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
                    <IconInfoCircle size={14} aria-label={jobs?.note} tabIndex={0} />
                  </Tooltip>
                </Group>
              }
              value={jobs?.count == null ? '—' : String(jobs.count)}
              hint={jobs?.mode === 'in-process' ? 'Since this server started' : jobs?.mode === 'bullmq' ? 'All queues' : undefined}
              testId="home-failed-jobs"
            />
          </SimpleGrid>
          <Card withBorder radius="lg">
            <Title order={2} size="h5" mb="xs">
              Bids per minute, last hour
            </Title>
            <BidsChart minutes={overview.bids_per_minute} />
          </Card>
        </>
      )}
    </Stack>
  );
}
