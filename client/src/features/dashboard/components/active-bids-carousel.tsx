import { useRef } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconGavel } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DashboardBid } from '@shared/schemas/dashboard.schema';
import type { BidRecordPage } from '../utils/bid-records';
import { BidCard, hiddenRecordsNote, InvalidBidCard } from './bid-card';
import classes from './active-bids-carousel.module.css';

/**
 * Active Bids carousel (swipe or arrows) with View all to /bid-dashboard/active-bids; hidden
 * records get a count note. Source: spec/accounts-and-shell.md §2.
 */
export function ActiveBidsCarousel({ page, onHistory }: { page: BidRecordPage | null; onHistory: (bid: DashboardBid) => void }) {
  const track = useRef<HTMLDivElement>(null);
  const scroll = (dir: 1 | -1) => track.current?.scrollBy({ left: dir * (track.current.clientWidth * 0.8), behavior: 'smooth' });
  const total = page?.pagination.total ?? 0;

  return (
    <Paper withBorder radius="lg" p="md" data-testid="active-bids">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <IconGavel size={20} color="var(--mantine-color-gavel-7)" />
          <Title order={2} size="h4">
            Active Bids
          </Title>
          <Badge variant="light" color="gray" size="sm">
            {total}
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" radius="xl" aria-label="Previous bids" onClick={() => scroll(-1)} visibleFrom="sm">
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon variant="default" radius="xl" aria-label="Next bids" onClick={() => scroll(1)} visibleFrom="sm">
            <IconChevronRight size={16} />
          </ActionIcon>
          <Anchor component={Link} to="/bid-dashboard/active-bids" size="sm" fw={600} ml={4} style={{ whiteSpace: 'nowrap' }}>
            View all
          </Anchor>
        </Group>
      </Group>
      {!page ? (
        <Group gap="md" wrap="nowrap" style={{ overflow: 'hidden' }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={300} w={290} radius="lg" style={{ flexShrink: 0 }} />
          ))}
        </Group>
      ) : page.records.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text c="dimmed">You have no active bids.</Text>
          <Anchor component={Link} to="/auctions" size="sm">
            Find something to bid on
          </Anchor>
        </Stack>
      ) : (
        <div className={classes.track} ref={track} role="list" aria-label="Active bids">
          {page.records.map((r) => (
            <div role="listitem" key={r.kind === 'bid' ? r.bid.item_id : r.key}>
              {r.kind === 'bid' ? <BidCard bid={r.bid} onHistory={onHistory} /> : <InvalidBidCard />}
            </div>
          ))}
        </div>
      )}
      {page && page.hiddenMissingItem > 0 && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="hidden-records-note">
          {hiddenRecordsNote(page.hiddenMissingItem)}
        </Text>
      )}
    </Paper>
  );
}
