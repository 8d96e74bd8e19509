import { useState } from 'react';
import { Alert, Button, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SearchPageHeader } from '../../../components/search-page-header';
import type { DashboardBid } from '@shared/schemas/dashboard.schema';
import { useActiveBids } from '../hooks/use-active-bids';
import { BidCard, hiddenRecordsNote, InvalidBidCard } from './bid-card';
import { BidTimelineModal } from './bid-timeline-modal';

/**
 * /bid-dashboard/active-bids: every active bid as cards, with search and pagination, live.
 * Source: spec/accounts-and-shell.md §2 (View all of the Active Bids carousel).
 */
export function ActiveBidsPage({ userId }: { userId: number }) {
  const s = useActiveBids(userId);
  const [timeline, setTimeline] = useState<DashboardBid | null>(null);
  const data = s.data;

  return (
    <Stack gap="lg" data-testid="active-bids-page">
      <SearchPageHeader
        back={{ to: '/bid-dashboard', label: 'Bid Dashboard' }}
        title="Active Bids"
        count={data?.pagination.total ?? 0}
        loading={s.loading}
        search={s.search}
        onSearch={s.setSearch}
        searchPlaceholder="Search active bids..."
        searchLabel="Search active bids"
      />
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
            r.kind === 'bid' ? <BidCard key={r.bid.item_id} bid={r.bid} onHistory={setTimeline} /> : <InvalidBidCard key={r.key} />,
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
