import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Image, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHeart, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router';
import { SearchPageHeader } from '../../../components/search-page-header';
import { useServerNow } from '../../../lib/server-clock';
import { formatMK } from '@shared/rules/money';
import { lotCountdown } from '@shared/rules/time-left';
import type { WatchlistEntry } from '@shared/schemas/watchlist.schema';
import {
  fetchWatchlistAtom,
  watchlistCountAtom,
  watchlistErrorAtom,
  watchlistItemsAtom,
  watchlistLoadingAtom,
  watchlistMetaAtom,
} from '../atoms/watchlist-atoms';
import { useRemoveWatch } from '../hooks/use-remove-watch';
import { entryName, entryPrice } from './watchlist-entry-row';

/**
 * /bid-dashboard/watchlist: every watched item as cards (picture, price, time left, View
 * Details, Remove), search, and Load More (page 1 replaces, later pages append).
 * Source: spec/accounts-and-shell.md §2 (other paths), §4 "Watchlist", §9.
 */
export function WatchlistPage() {
  const items = useAtomValue(watchlistItemsAtom);
  const meta = useAtomValue(watchlistMetaAtom);
  const loading = useAtomValue(watchlistLoadingAtom);
  const error = useAtomValue(watchlistErrorAtom);
  const count = useAtomValue(watchlistCountAtom);
  const fetchPage = useSetAtom(fetchWatchlistAtom);
  const remove = useRemoveWatch();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);

  useEffect(() => {
    void fetchPage({ page: 1, search: debounced });
  }, [debounced, fetchPage]);
  // Leaving the page restores the unfiltered list the panel and badge read.
  useEffect(() => () => void fetchPage({ page: 1, search: '' }), [fetchPage]);

  const hasMore = meta ? meta.current_page < meta.last_page : false;

  return (
    <Stack gap="lg" data-testid="watchlist-page">
      <SearchPageHeader
        back={{ to: '/bid-dashboard', label: 'Bid Dashboard' }}
        title="My Watchlist"
        count={count}
        countColor="red"
        search={search}
        onSearch={setSearch}
        searchPlaceholder="Search watchlist..."
        searchLabel="Search watchlist"
      />

      {error && (
        <Alert color="red" variant="light" title={error}>
          <Button size="xs" variant="light" color="red" onClick={() => void fetchPage({ page: 1 })}>
            Try again
          </Button>
        </Alert>
      )}

      {loading && items.length === 0 ? (
        <Group justify="center" py={60}>
          <Loader />
        </Group>
      ) : items.length === 0 ? (
        <Card withBorder radius="lg" p="xl">
          <Stack align="center" gap="sm" py="md">
            <ThemeIcon size={64} radius="xl" variant="light" color="red">
              <IconHeart size={30} />
            </ThemeIcon>
            <Title order={2} size="h3">
              {debounced ? 'No watched items match your search' : 'Your watchlist is empty'}
            </Title>
            <Text c="dimmed" ta="center" maw={420}>
              Tap the heart on any lot to follow its price and closing time here.
            </Text>
            <Button component={Link} to="/auctions" variant="light">
              Browse auctions
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="lg">
            {items.map((entry) => (
              <WatchlistCard key={entry.id} entry={entry} onRemove={() => void remove(entry.id)} />
            ))}
          </SimpleGrid>
          {hasMore && (
            <Group justify="center">
              <Button
                variant="outline"
                miw={200}
                loading={loading}
                onClick={() => void fetchPage({ page: (meta?.current_page ?? 1) + 1 })}
                data-testid="watchlist-load-more"
              >
                Load More
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * A watchlist card's timing badge: 'Buy now', 'Closed', 'Opens in …' or the time left, ticking
 * each second on the clock the cards share; only this badge is drawn again each second (issue 17).
 */
function CardTiming({ entry }: { entry: WatchlistEntry }) {
  const now = useServerNow(1000);
  const closed = entry.closed_by != null || entry.status === 'sold' || entry.status === 'unsold';
  const countdown = lotCountdown(entry, now);
  const opens = countdown.phase === 'opens';
  const left = entry.type === 'cash' ? 'Buy now' : closed ? 'Closed' : opens ? `Opens in ${countdown.text}` : countdown.text;
  return (
    <Badge variant="light" tt="none" color={left === 'Ended' || left === 'Closed' ? 'gray' : opens ? 'blue' : 'gavel'} data-testid="watchlist-timing">
      {left}
    </Badge>
  );
}

function WatchlistCard({ entry, onRemove }: { entry: WatchlistEntry; onRemove: () => void }) {
  const image = entry.cropped || entry.image || entry.media[0]?.url || null;
  const price = entryPrice(entry);
  return (
    <Card withBorder radius="lg" padding={0} data-testid="watchlist-card" data-item-id={entry.id} style={{ display: 'flex', flexDirection: 'column' }}>
      {image ? (
        <Image src={image} alt={entryName(entry)} fit="cover" style={{ aspectRatio: '4 / 3' }} />
      ) : (
        <Stack bg="gray.1" align="center" justify="center" c="gray.5" gap={4} style={{ aspectRatio: '4 / 3' }}>
          <IconPhoto size={32} />
          <Text size="sm" fw={600}>
            No Image
          </Text>
        </Stack>
      )}
      <Stack gap={8} p="md" style={{ flex: 1 }}>
        <Text component={Link} to={`/item/${entry.id}`} fw={650} lineClamp={2} c="inherit" td="none" mih="2.6em">
          {entryName(entry)}
        </Text>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {price.label}
            </Text>
            <Text fw={800} fz={20} c="gavel.8" style={{ whiteSpace: 'nowrap' }}>
              {formatMK(price.amount)}
            </Text>
          </div>
          <CardTiming entry={entry} />
        </Group>
        <Group grow gap="xs" mt="auto">
          <Button component={Link} to={`/item/${entry.id}`} variant="default" size="sm">
            View Details
          </Button>
          <Button variant="light" color="red" size="sm" leftSection={<IconTrash size={15} />} onClick={onRemove}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
