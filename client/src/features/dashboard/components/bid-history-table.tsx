import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconHistory, IconSearch, IconTimeline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DASHBOARD_MESSAGES } from '@shared/messages/dashboard';
import { formatMK } from '@shared/rules/money';
import { lotOutcome, notSoldText } from '@shared/rules/lot-outcome';
import type { DashboardBid } from '@shared/schemas/dashboard.schema';
import { formatDateTimeGB } from '../../../lib/dates';
import type { HistoryStatus } from '../api/get-bid-history';
import type { BidRecordPage } from '../utils/bid-records';
import { PayWonLot } from './pay-won-lot';
import { hiddenRecordsNote } from './bid-card';

interface Props {
  page: BidRecordPage | null;
  loading: boolean;
  error: string | null;
  search: string;
  onSearch: (s: string) => void;
  status: HistoryStatus;
  onStatus: (s: HistoryStatus) => void;
  onPage: (p: number) => void;
  onRetry: () => void;
  onHistory: (bid: DashboardBid) => void;
}

/** 'Reserve not met — not sold' / 'Ended — not sold' for an entry whose lot closed unsold, else null (issue "Bidding engine"). */
const notSoldOf = (bid: DashboardBid) => notSoldText(lotOutcome(bid.item, bid.user_id, bid.bid_amount >= bid.current_bid && bid.current_bid > 0));

function ResultBadge({ bid, compact = false }: { bid: DashboardBid; compact?: boolean }) {
  // An unsold lot is never won: its top bidder reads the reserve was not met.
  const notSold = notSoldOf(bid);
  if (notSold && compact) {
    return (
      <Badge color="gray" variant="light" style={{ flexShrink: 0 }} data-testid="history-result-compact">
        Not sold
      </Badge>
    );
  }
  if (notSold) {
    return (
      <Text size="xs" fw={700} c="gray.7" lh={1.3} data-testid="history-result">
        {notSold}
      </Text>
    );
  }
  return (
    <Badge color={bid.status === 'won' ? 'gavel' : 'gray'} variant="light" data-testid="history-result">
      {bid.status === 'won' ? 'Won' : 'Lost'}
    </Badge>
  );
}

/**
 * Recent Bid History: decided auctions the user bid on, with a search box (debounced 500 ms
 * by the caller), a Won/Lost filter, pagination (10 per page), Won/Lost badges and the History
 * timeline. Source: spec/accounts-and-shell.md §2, §4, §9.
 */
export function BidHistoryTable({ page, loading, error, search, onSearch, status, onStatus, onPage, onRetry, onHistory }: Props) {
  const rows = page?.records ?? [];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="bid-history">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap={8}>
            <IconTimeline size={20} color="var(--mantine-color-gavel-7)" />
            <Title order={2} size="h4">
              Recent Bid History
            </Title>
            {loading && <Loader size="xs" />}
          </Group>
          <Group gap="sm" w={{ base: '100%', sm: 'auto' }}>
            <SegmentedControl
              size="xs"
              value={status}
              onChange={(v) => onStatus(v === 'won' || v === 'lost' ? v : 'all')}
              data={[
                { label: 'All', value: 'all' },
                { label: 'Won', value: 'won' },
                { label: 'Lost', value: 'lost' },
              ]}
              aria-label="Filter by result"
            />
            <TextInput
              size="xs"
              placeholder="Search bid history..."
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(e) => onSearch(e.currentTarget.value)}
              aria-label="Search bid history"
              style={{ flex: 1 }}
              miw={180}
              data-testid="history-search"
            />
          </Group>
        </Group>

        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={error}>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        ) : rows.length === 0 && !loading ? (
          <Text c="dimmed" ta="center" py="lg">
            {search || status !== 'all' ? 'No bids match your search.' : 'No finished auctions yet. Auctions you bid on appear here when they close.'}
          </Text>
        ) : (
          <>
            <Box visibleFrom="sm">
              <Table highlightOnHover verticalSpacing="sm" style={{ opacity: loading ? 0.6 : 1 }}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right">Your bid</Table.Th>
                    <Table.Th ta="right">Final bid</Table.Th>
                    <Table.Th ta="center">Your bids</Table.Th>
                    <Table.Th>Ended</Table.Th>
                    <Table.Th>Result</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) =>
                    r.kind === 'invalid' ? (
                      <Table.Tr key={r.key}>
                        <Table.Td colSpan={7}>
                          <Text size="sm" c="red.8">
                            {DASHBOARD_MESSAGES.invalidBidRecord}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ) : (
                      <Table.Tr key={r.bid.item_id} data-testid="history-row" data-item-id={r.bid.item_id}>
                        <Table.Td maw={320}>
                          <Anchor component={Link} to={`/item/${r.bid.item_id}`} size="sm" fw={600} c="inherit" lineClamp={1}>
                            {r.bid.item.name}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {r.bid.auctionType.name}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatMK(r.bid.bid_amount)}
                        </Table.Td>
                        <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                          {formatMK(r.bid.current_bid)}
                        </Table.Td>
                        <Table.Td ta="center">{r.bid.my_bid_count}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm">{r.bid.date_to ? formatDateTimeGB(r.bid.date_to) : '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <ResultBadge bid={r.bid} />
                            {r.bid.status === 'won' && <PayWonLot itemId={r.bid.item_id} />}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Tooltip label="Bid history" withArrow>
                            <ActionIcon variant="subtle" aria-label={`Bid history of ${r.bid.item.name}`} onClick={() => onHistory(r.bid)}>
                              <IconHistory size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                      </Table.Tr>
                    ),
                  )}
                </Table.Tbody>
              </Table>
            </Box>
            <Stack gap={0} hiddenFrom="sm" style={{ opacity: loading ? 0.6 : 1 }}>
              {rows.map((r) =>
                r.kind === 'invalid' ? (
                  <Text key={r.key} size="sm" c="red.8" py="xs">
                    {DASHBOARD_MESSAGES.invalidBidRecord}
                  </Text>
                ) : (
                  <Group
                    key={r.bid.item_id}
                    justify="space-between"
                    wrap="nowrap"
                    py="xs"
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    data-testid="history-row-mobile"
                  >
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Anchor component={Link} to={`/item/${r.bid.item_id}`} size="sm" fw={600} c="inherit" truncate>
                        {r.bid.item.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        <span style={{ whiteSpace: 'nowrap' }}>You {formatMK(r.bid.bid_amount)}</span> ·{' '}
                        <span style={{ whiteSpace: 'nowrap' }}>
                          {notSoldOf(r.bid) ? 'Highest' : 'Final'} {formatMK(r.bid.current_bid)}
                        </span>
                      </Text>
                      {notSoldOf(r.bid) && (
                        <Text size="xs" fw={700} c="gray.7">
                          {notSoldOf(r.bid)}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {r.bid.date_to ? formatDateTimeGB(r.bid.date_to) : ''}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <ResultBadge bid={r.bid} compact />
                      {r.bid.status === 'won' && <PayWonLot itemId={r.bid.item_id} />}
                      <ActionIcon variant="subtle" aria-label={`Bid history of ${r.bid.item.name}`} onClick={() => onHistory(r.bid)}>
                        <IconHistory size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                ),
              )}
            </Stack>
          </>
        )}

        {page && page.hiddenMissingItem > 0 && (
          <Text size="xs" c="dimmed">
            {hiddenRecordsNote(page.hiddenMissingItem)}
          </Text>
        )}
        {page && page.pagination.last_page > 1 && (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {page.pagination.from ?? 0}-{page.pagination.to ?? 0} of {page.pagination.total}
            </Text>
            <Pagination size="sm" total={page.pagination.last_page} value={page.pagination.current_page} onChange={onPage} siblings={1} boundaries={1} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
