import { Alert, Avatar, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconGavel } from '@tabler/icons-react';
import type { Bid, BidPagination } from '@shared/schemas/bid.schema';
import { formatMK } from '@shared/rules/money';
import { isNewBid } from '@shared/rules/bidding';
import { formatDateTimeGB, formatRelativeTime } from '../../../lib/dates';
import { useServerNow } from '../../../lib/server-clock';

/** How often (ms) the bids' relative times ('just now', '5 min ago') and New badges are brought up to date. */
const BID_TIMES_TICK_MS = 10_000;

interface BidHistoryProps {
  bids: Bid[];
  pagination: BidPagination | null;
  page: number;
  loading: boolean;
  error: string | null;
  /** The item's winner when it is closed (closed_by), else null. */
  closedBy: number | null;
  /** The item's current (final) bid, MWK: only the winner's bid of this amount is 'Winning bid'. */
  winningAmount: number | null;
  meId: number | null;
  onPage: (page: number) => void;
  onRetry: () => void;
}

/**
 * Bid history of an item, newest first: bidder name ('Anonymous Bidder' when none), amount,
 * time, a 'New' badge within 5 minutes, 'Winning bid' / 'Lost' once closed; pager with
 * Previous / Next, 'Page x of y' and 'from-to of total'. Source: spec/shopping.md §2 and §4.
 * A bid placed for a bidder's maximum carries an 'auto' badge (issue "Bidding engine").
 */
export function BidHistory({ bids, pagination, page, loading, error, closedBy, winningAmount, meId, onPage, onRetry }: BidHistoryProps) {
  // Times are shown to the minute and 'New' lasts 5 minutes: a 10 s tick is soon enough.
  const now = useServerNow(BID_TIMES_TICK_MS);
  const lastPage = pagination?.last_page ?? 1;
  const total = pagination?.total ?? bids.length;
  // The winning bid is the item's final bid, not the highest on this page (page 2 has lower bids).
  const topAmount = winningAmount ?? (bids.length && page === 1 ? Math.max(...bids.map((b) => b.bid_amount)) : Number.NaN);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="md">
        <Group gap={8}>
          <IconGavel size={20} color="var(--mantine-color-gavel-7)" />
          <Title order={2} size="h4">
            Bid History
          </Title>
        </Group>
        <Badge variant="light" color="gray">
          {total} {total === 1 ? 'bid' : 'bids'}
        </Badge>
      </Group>

      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} variant="light" title={error}>
          <Button size="xs" variant="light" color="red" onClick={onRetry} mt={4}>
            Try again
          </Button>
        </Alert>
      ) : loading && bids.length === 0 ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : bids.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="bid-history" data-empty="true">
          No bids yet. Be the first to bid!
        </Text>
      ) : (
        <Stack gap={0} component="ol" data-testid="bid-history" style={{ listStyle: 'none', margin: 0, padding: 0, opacity: loading ? 0.6 : 1 }}>
          {bids.map((b, i) => {
            const name = b.user?.name?.trim() || 'Anonymous Bidder';
            const mine = meId !== null && b.user_id === meId;
            const leading = page === 1 && i === 0 && closedBy === null;
            const closedLabel = closedBy !== null ? (b.user_id === closedBy && b.bid_amount === topAmount ? 'Winning bid' : 'Lost') : null;
            return (
              <Group
                component="li"
                key={b.id}
                justify="space-between"
                wrap="nowrap"
                py="sm"
                data-testid="bid-row"
                data-bid-id={b.id}
                style={{ borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar radius="xl" size={34} color={leading ? 'gavel' : 'gray'} variant={leading ? 'filled' : 'light'}>
                    {name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    {/* Names wrap rather than being cut; the New badge sits on the time line so it never shrinks. */}
                    <Text fw={600} size="sm" lh={1.3} style={{ overflowWrap: 'anywhere' }} data-testid="bid-bidder">
                      {name}
                      {mine ? ' (you)' : ''}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      <Text size="xs" c="dimmed" title={formatDateTimeGB(b.created_at)} style={{ whiteSpace: 'nowrap' }}>
                        {formatRelativeTime(b.created_at, now)}
                      </Text>
                      {isNewBid(b.created_at, now) && (
                        <Badge size="xs" color="gold" c="dark.9" variant="filled" style={{ flexShrink: 0, overflow: 'visible' }} data-testid="bid-new">
                          New
                        </Badge>
                      )}
                    </Group>
                  </div>
                </Group>
                <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text fw={700} c={leading ? 'gavel.8' : undefined} style={{ whiteSpace: 'nowrap' }} data-testid="bid-row-amount">
                    {formatMK(b.bid_amount)}
                  </Text>
                  {(leading || b.automatic) && (
                    <Group gap={4} wrap="nowrap">
                      {b.automatic && (
                        <Badge size="xs" color="indigo" variant="outline" title="Bid placed automatically for the bidder’s maximum" data-testid="bid-auto">
                          auto
                        </Badge>
                      )}
                      {leading && (
                        <Badge size="xs" color="gavel" variant="light">
                          Highest
                        </Badge>
                      )}
                    </Group>
                  )}
                  {closedLabel && (
                    <Badge size="xs" color={closedLabel === 'Lost' ? 'gray' : 'green'} variant="light">
                      {closedLabel}
                    </Badge>
                  )}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}

      {pagination && total > 0 && (
        <Group justify="space-between" mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="bid-pager">
          <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} />} disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Stack gap={0} align="center">
            <Text size="sm" fw={600}>
              Page {page} of {lastPage}
            </Text>
            <Text size="xs" c="dimmed">
              {pagination.from ?? 0}-{pagination.to ?? 0} of {total}
            </Text>
          </Stack>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={page >= lastPage || loading}
            onClick={() => onPage(page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </Paper>
  );
}
