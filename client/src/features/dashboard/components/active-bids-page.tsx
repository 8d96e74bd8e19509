import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useServerNow } from '../../../lib/server-clock';
import type { DashboardBid } from '../../../../../shared/schemas/dashboard.schema';
import { useActiveBids } from '../hooks/use-active-bids';
import { BidCard, hiddenRecordsNote, InvalidBidCard } from './bid-card';
import { BidTimelineModal } from './bid-timeline-modal';

/**
 * /bid-dashboard/active-bids: every active bid as cards, with search and pagination, live.
 * Source: spec/accounts-and-shell.md §2 (View all of the Active Bids carousel).
 */
export function ActiveBidsPage({ userId }: { userId: number }) {
  const s = useActiveBids(userId);
  const now = useServerNow(10_000);
  const [timeline, setTimeline] = useState<DashboardBid | null>(null);
  const data = s.data;

  return (
    <Stack gap="lg" data-testid="active-bids-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Anchor component={Link} to="/bid-dashboard" size="sm" c="dimmed">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} /> Bid Dashboard
            </Group>
          </Anchor>
          <Group gap="xs" mt={4}>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              Active Bids
            </Title>
            <Badge size="lg" variant="light">
              {data?.pagination.total ?? 0}
            </Badge>
            {s.loading && <Loader size="xs" />}
          </Group>
        </div>
        <TextInput
          placeholder="Search active bids..."
          leftSection={<IconSearch size={16} />}
          value={s.search}
          onChange={(e) => s.setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          aria-label="Search active bids"
        />
      </Group>
      {s.error && (
        <Alert color="red" variant="light" title={s.error}>
          <Button size="xs" variant="light" color="red" onClick={s.retry}>
            Try again
          </Button>
        </Alert>
      )}
      {data && data.records.length === 0 && !s.loading ? (
        <Stack align="center" py={60} gap="xs">
          <Text c="dimmed">{s.search ? 'No active bids match your search.' : 'You have no active bids.'}</Text>
          <Button component={Link} to="/auctions" variant="light">
            Browse auctions
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="lg">
          {(data?.records ?? []).map((r) =>
            r.kind === 'bid' ? <BidCard key={r.bid.item_id} bid={r.bid} now={now} onHistory={setTimeline} /> : <InvalidBidCard key={r.key} />,
          )}
        </SimpleGrid>
      )}
      {data && data.hiddenMissingItem > 0 && (
        <Text size="xs" c="dimmed">
          {hiddenRecordsNote(data.hiddenMissingItem)}
        </Text>
      )}
      {data && data.pagination.last_page > 1 && (
        <Group justify="center">
          <Pagination total={data.pagination.last_page} value={s.page} onChange={s.setPage} />
        </Group>
      )}
      <BidTimelineModal item={timeline ? { id: timeline.item_id, name: timeline.item.name } : null} userId={userId} onClose={() => setTimeline(null)} />
    </Stack>
  );
}
