import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconChartPie, IconGavel, IconHeart, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DashboardStats } from '@shared/schemas/dashboard.schema';
import { formatMK } from '@shared/rules/money';
import { winRateText } from '@shared/rules/win-rate';

function StatCard({
  label,
  value,
  hint,
  icon,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint: string;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
            {label}
          </Text>
          <Text fz={{ base: 26, sm: 30 }} fw={800} lh={1.2} data-testid={`${testId}-value`}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={color} visibleFrom="xs">
          {icon}
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt={4} lineClamp={2}>
        {hint}
      </Text>
    </Paper>
  );
}

/**
 * The four stat cards: Active Bids, Won Auctions, Watchlist Items, Win Rate %, each with a
 * one-line detail from the other stats; the win rate reads '—' until an auction bid on has
 * finished. Source: spec/accounts-and-shell.md §2, §3; the dash: issue 20.
 */
export function StatCards({ stats, watchlistCount }: { stats: DashboardStats | null; watchlistCount?: number | null }) {
  if (!stats) {
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={104} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <StatCard
        label="Active Bids"
        value={stats.active_bids}
        hint={`${stats.total_bids} bids placed in total`}
        icon={<IconGavel size={22} />}
        color="blue"
        testId="stat-active-bids"
      />
      <StatCard
        label="Won Auctions"
        value={stats.won_auctions}
        hint={`${stats.lost_auctions} lost`}
        icon={<IconTrophy size={22} />}
        color="gold"
        testId="stat-won"
      />
      <StatCard
        label="Watchlist Items"
        value={watchlistCount ?? stats.watchlist_count}
        hint="Lots you follow"
        icon={<IconHeart size={22} />}
        color="red"
        testId="stat-watchlist"
      />
      <StatCard
        label="Win Rate %"
        value={winRateText(stats)}
        hint={stats.highest_bid > 0 ? `Highest bid ${formatMK(stats.highest_bid)}` : 'No bids yet'}
        icon={<IconChartPie size={22} />}
        color="gavel"
        testId="stat-win-rate"
      />
    </SimpleGrid>
  );
}
