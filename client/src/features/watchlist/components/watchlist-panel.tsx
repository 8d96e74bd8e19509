import { Alert, Anchor, Badge, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_WATCHLIST_PANEL_SIZE } from '@shared/messages/watchlist';
import {
  watchlistCountAtom,
  watchlistErrorAtom,
  watchlistItemsAtom,
  watchlistLoadingAtom,
  watchlistMetaAtom,
  watchlistSearchAtom,
} from '../atoms/watchlist-atoms';
import { useRemoveWatch } from '../hooks/use-remove-watch';
import { WatchlistEntryRow } from './watchlist-entry-row';

/**
 * Dashboard Watchlist panel: the first 5 watched items from the store (live: follows other tabs
 * through the store's count sync) with View all to /bid-dashboard/watchlist.
 * Source: spec/accounts-and-shell.md §2 "/bid-dashboard", §9 (panel 5 items).
 */
export function WatchlistPanel() {
  const items = useAtomValue(watchlistItemsAtom);
  const meta = useAtomValue(watchlistMetaAtom);
  const search = useAtomValue(watchlistSearchAtom);
  const loading = useAtomValue(watchlistLoadingAtom);
  const error = useAtomValue(watchlistErrorAtom);
  const count = useAtomValue(watchlistCountAtom);
  const remove = useRemoveWatch();
  // The panel shows the unfiltered list; a search on the watchlist page doesn't narrow it.
  const first = search ? [] : items.slice(0, DASHBOARD_WATCHLIST_PANEL_SIZE);

  return (
    <Paper withBorder radius="lg" p="md" h="100%" data-testid="watchlist-panel">
      <Group justify="space-between" mb="sm">
        <Group gap={8}>
          <IconHeart size={20} color="var(--mantine-color-red-6)" />
          <Title order={2} size="h4">
            Watchlist
          </Title>
          <Badge variant="light" color="gray" size="sm">
            {count}
          </Badge>
        </Group>
        <Anchor component={Link} to="/bid-dashboard/watchlist" size="sm" fw={600}>
          View all
        </Anchor>
      </Group>
      {error && (
        <Alert color="red" variant="light" mb="sm" p="xs">
          {error}
        </Alert>
      )}
      {loading && !meta ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={56} radius="md" />
          ))}
        </Stack>
      ) : first.length === 0 ? (
        <Stack align="center" gap={4} py="lg">
          <Text c="dimmed" size="sm" ta="center">
            {search ? 'Clear the watchlist search to see your items.' : 'No items in your watchlist yet.'}
          </Text>
          <Anchor component={Link} to="/auctions" size="sm">
            Browse auctions
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm">
          {first.map((entry, i) => (
            <Fragment key={entry.id}>
              {i > 0 && <Divider />}
              <WatchlistEntryRow entry={entry} onRemove={(id) => void remove(id)} />
            </Fragment>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
