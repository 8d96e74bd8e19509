import { useState, type ReactNode } from 'react';
import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { DashboardBid } from '@shared/schemas/dashboard.schema';
import { useBidDashboard } from '../hooks/use-bid-dashboard';
import { ActiveBidsCarousel } from './active-bids-carousel';
import { BidHistoryTable } from './bid-history-table';
import { BidTimelineModal } from './bid-timeline-modal';
import { StatCards } from './stat-cards';

/**
 * /bid-dashboard: stat cards, Active Bids carousel, the Watchlist panel (given by the app as
 * `watchlistPanel`; `watchlistCount` keeps its stat live), Recent Bid History and Refresh; live
 * over the socket while open. 'Failed to load dashboard data. Please try refreshing the page.'
 * on failure. Source: spec/accounts-and-shell.md §2 "/bid-dashboard", §8.
 */
export function DashboardPage({
  userId,
  watchlistPanel,
  watchlistCount,
  liveIndicator,
}: {
  userId: number;
  watchlistPanel?: ReactNode;
  watchlistCount?: number | null;
  liveIndicator?: ReactNode;
}) {
  const d = useBidDashboard(userId);
  const [timeline, setTimeline] = useState<DashboardBid | null>(null);

  return (
    <Stack gap="lg" data-testid="bid-dashboard">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Group gap="sm">
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Bid Dashboard
            </Title>
            {liveIndicator}
          </Group>
          <Text c="dimmed" size="sm">
            Your bids, wins and watched lots, updated live.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={d.refreshing}
          onClick={() => void d.refresh()}
          data-testid="dashboard-refresh"
        >
          Refresh
        </Button>
      </Group>

      {d.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={d.error} data-testid="dashboard-error">
          <Button size="xs" variant="light" color="red" onClick={() => void d.refresh()}>
            Try again
          </Button>
        </Alert>
      )}

      <StatCards stats={d.stats} watchlistCount={watchlistCount} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: watchlistPanel ? 8 : 12 }}>
          <ActiveBidsCarousel page={d.loading ? null : d.active} onHistory={setTimeline} />
        </Grid.Col>
        {watchlistPanel && <Grid.Col span={{ base: 12, lg: 4 }}>{watchlistPanel}</Grid.Col>}
      </Grid>

      <BidHistoryTable
        page={d.history}
        loading={d.historyLoading || d.loading}
        error={d.historyError}
        search={d.search}
        onSearch={d.setSearch}
        status={d.status}
        onStatus={d.setStatus}
        onPage={d.setPage}
        onRetry={() => void d.retryHistory()}
        onHistory={setTimeline}
      />

      <BidTimelineModal item={timeline ? { id: timeline.item_id, name: timeline.item.name } : null} userId={userId} onClose={() => setTimeline(null)} />
    </Stack>
  );
}
