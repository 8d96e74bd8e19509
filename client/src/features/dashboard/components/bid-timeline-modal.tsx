import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import { IconAlertCircle, IconGavel } from '@tabler/icons-react';
import { formatDateTimeGB } from '../../../lib/dates';
import { DASHBOARD_MESSAGES } from '@shared/messages/dashboard';
import { formatMK } from '@shared/rules/money';
import { getBidTimeline, type TimelineBid } from '../api/get-bid-timeline';

/**
 * History modal of a bid card: the item's latest 10 bids as a timeline (bidder name, 'Anonymous
 * Bidder' when none; the user's own bids marked You). Failure reads 'Failed to load bid history'
 * with Try again. Source: spec/accounts-and-shell.md §2, §7, §8; spec/shopping.md §6.
 */
export function BidTimelineModal({ item, userId, onClose }: { item: { id: number; name: string } | null; userId: number; onClose: () => void }) {
  const itemId = item?.id ?? null;
  // Read afresh each time it is opened: the lot may have had bids since.
  const query = useQuery({
    queryKey: ['lots', 'timeline', itemId],
    queryFn: () => getBidTimeline(itemId!),
    enabled: itemId != null,
    staleTime: 0,
    gcTime: 0,
  });
  const bids: TimelineBid[] | null = query.data ?? null;
  const loading = query.isFetching;
  const error = query.isError ? DASHBOARD_MESSAGES.failedToLoadBidHistory : null;

  return (
    <Modal opened={item !== null} onClose={onClose} title={<Text fw={700}>Bid history · {item?.name}</Text>} centered radius="md" size="md">
      {loading && !bids ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={error} data-testid="timeline-error">
          <Button size="xs" variant="light" color="red" mt={4} onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : bids && bids.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No bids yet.
        </Text>
      ) : (
        <Timeline active={0} bulletSize={26} lineWidth={2} color="gavel" data-testid="bid-timeline">
          {(bids ?? []).map((b, i) => (
            <Timeline.Item
              key={b.id}
              bullet={<IconGavel size={14} />}
              title={
                <Group gap={6} wrap="nowrap">
                  <Text fw={700} size="sm">
                    {formatMK(b.bid_amount)}
                  </Text>
                  {i === 0 && (
                    <Badge size="xs" color="gavel" variant="light">
                      Highest
                    </Badge>
                  )}
                  {b.user_id === userId && (
                    <Badge size="xs" color="gold" c="dark.9">
                      You
                    </Badge>
                  )}
                </Group>
              }
            >
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {b.user?.name || 'Anonymous Bidder'}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTimeGB(b.created_at)}
                </Text>
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Modal>
  );
}
