import { useState, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconAlertCircle, IconChevronDown, IconSearch } from '@tabler/icons-react';
import type { Item } from '@shared/schemas/item.schema';
import { useDeferredComponent } from '../../../lib/deferred';
import { useServerNow } from '../../../lib/server-clock';
import { useBranches } from '../api/get-branches';
import { useItemListing } from '../hooks/use-item-listing';
import { useListingState } from '../hooks/use-listing-state';
import { PAGE_SIZE, activeFilterCount, describeListing, toSavedQuery } from '../utils/listing-query';
import { ActiveFilterChips } from './active-filter-chips';
import { CategoryTabs } from './category-tabs';
import type { FilterPanel as FilterPanelComponent } from './filter-panel';
import { ItemCard } from './item-card';
import { ItemCardSkeleton } from './item-card-skeleton';
import { ListingToolbar } from './listing-toolbar';

const loadItemPreviewModal = () => import('./item-preview-modal').then((m) => m.ItemPreviewModal);
/** The filter panel's code (number inputs, checkboxes, radios) loads once it is shown: at once beside a wide listing, on opening below. */
const loadFilterPanel = (): Promise<typeof FilterPanelComponent> => import('./filter-panel').then((m) => m.FilterPanel);

/** Width from which the filter panel is a fixed side panel. Source: spec/shopping.md §9. */
const SIDE_PANEL_QUERY = '(min-width: 1280px)';

/**
 * The home listing: category tabs with counts, search and sort, filter panel (fixed side panel
 * at ≥1280 px, collapsible below), active filter chips, grid of cards (1/2/3 columns), Load
 * More, empty and loading states; everything mirrored to the address query.
 * Source: spec/shopping.md §2 "Home page" and "Filter panel".
 */
export function ItemListing({
  title = 'Browse Auctions & Sales',
  titleOrder = 1,
  renderWatch,
  renderCartAction,
  renderWatchAction,
  renderSaveSearch,
}: {
  title?: string;
  /** The title's heading level: 1, the page's own heading, unless something above it (the home hero) is. */
  titleOrder?: 1 | 2;
  /** Watch button of a card (composed by the app layer). */
  renderWatch?: (item: Item) => ReactNode;
  /** Cart button of a daily-sale card (composed by the app layer). */
  renderCartAction?: (item: Item) => ReactNode;
  /** Watch button that replaces Place Bid on a card whose lot has not started (composed by the app layer). */
  renderWatchAction?: (item: Item) => ReactNode;
  /** "Save this search" for the listing as it stands: its saved query (null when nothing narrows it) and a suggested name (composed by the app layer). */
  renderSaveSearch?: (search: { query: Record<string, unknown> | null; name: string }) => ReactNode;
}) {
  const { state, update, clearAll } = useListingState();
  const listing = useItemListing(state);
  const branches = useBranches();
  const [preview, setPreview] = useState<Item | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const wide = useMediaQuery(SIDE_PANEL_QUERY, typeof window !== 'undefined' ? window.matchMedia(SIDE_PANEL_QUERY).matches : true);
  const now = useServerNow(30_000);
  const count = activeFilterCount(state);
  const { Component: PreviewModal, ready: previewReady } = useDeferredComponent(loadItemPreviewModal, preview !== null);

  const { Component: FilterPanel } = useDeferredComponent(loadFilterPanel, wide || filtersOpen);
  const panel = FilterPanel ? (
    <FilterPanel state={state} branches={branches} onChange={update} onClearAll={() => clearAll(false)} withHeader={wide} />
  ) : (
    <Text size="sm" c="dimmed" py="md" ta="center">
      Loading filters…
    </Text>
  );

  return (
    <Stack gap="md" id="listing">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={titleOrder} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            Daily sales, online auctions and live auctions from our branches across Malawi.
          </Text>
        </div>
        {renderSaveSearch?.({ query: toSavedQuery(state), name: describeListing(state, branches) })}
      </Group>

      <CategoryTabs value={state.type} counts={listing.counts} onChange={(type) => update({ type, auctionTypes: [] })} />
      <ListingToolbar search={state.search} sort={state.sort} onSearch={(search) => update({ search })} onSort={(sort) => update({ sort })} />

      {!wide && (
        <Paper withBorder radius="md" p="xs">
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="dark"
              leftSection={<IconAdjustments size={18} />}
              rightSection={<IconChevronDown size={16} style={{ transform: filtersOpen ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />}
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
              data-testid="filters-toggle"
            >
              Filters
              {count > 0 && (
                <Badge ml={8} size="sm" circle color="gavel" data-testid="active-filter-count">
                  {count}
                </Badge>
              )}
            </Button>
            <Button variant="subtle" size="compact-sm" onClick={() => clearAll(false)} disabled={count === 0}>
              Clear all
            </Button>
          </Group>
          <Collapse expanded={filtersOpen}>
            <Box p="sm" pt="md">
              {panel}
              <Button
                fullWidth
                mt="lg"
                onClick={() => {
                  setFiltersOpen(false);
                  document.getElementById('listing-results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              >
                Show results
              </Button>
            </Box>
          </Collapse>
        </Paper>
      )}

      <ActiveFilterChips state={state} branches={branches} onChange={update} onClearAll={() => clearAll(true)} />

      <Group align="flex-start" gap="lg" wrap="nowrap">
        {wide && (
          <Paper component="aside" withBorder radius="md" p="md" w={280} style={{ flexShrink: 0, position: 'sticky', top: 84 }} aria-label="Filters">
            {panel}
          </Paper>
        )}
        <Stack gap="md" style={{ flex: 1, minWidth: 0, scrollMarginTop: 80 }} id="listing-results">
          {listing.error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={listing.error} variant="light">
              <Button size="xs" variant="light" color="red" mt="xs" onClick={listing.retry}>
                Try again
              </Button>
            </Alert>
          ) : listing.loading && listing.items.length === 0 ? (
            <>
              {/* The result count's line and a full page of cards, so nothing moves when the lots arrive (issue 17). */}
              <Text size="sm" aria-hidden="true">
                &nbsp;
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading items">
                {Array.from({ length: PAGE_SIZE }, (_, i) => (
                  <ItemCardSkeleton key={i} />
                ))}
              </SimpleGrid>
            </>
          ) : listing.items.length === 0 ? (
            <Paper withBorder radius="md" p="xl" data-testid="empty-state">
              <Stack align="center" gap="sm" py="lg">
                <ThemeIcon size={64} radius="xl" variant="light" color="gray">
                  <IconSearch size={30} />
                </ThemeIcon>
                <Title order={3}>No auction items found</Title>
                <Text c="dimmed" ta="center" maw={420}>
                  Try a different search, or clear the filters to see every item on offer.
                </Text>
                <Button onClick={() => clearAll(true)} variant="light">
                  Clear filters
                </Button>
              </Stack>
            </Paper>
          ) : (
            <>
              <Text size="sm" c="dimmed" data-testid="result-count">
                Showing {listing.items.length} of {listing.total} {listing.total === 1 ? 'item' : 'items'}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" style={{ opacity: listing.loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
                {listing.items.map((item) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    now={now}
                    onPreview={setPreview}
                    watchSlot={renderWatch?.(item)}
                    cartAction={renderCartAction?.(item)}
                    watchAction={renderWatchAction?.(item)}
                  />
                ))}
              </SimpleGrid>
              {listing.hasMore && (
                <Group justify="center" mt="sm">
                  <Button size="md" variant="outline" onClick={listing.loadMore} loading={listing.loadingMore} data-testid="load-more" miw={200}>
                    Load More
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Group>
      {PreviewModal && <PreviewModal item={previewReady ? preview : null} now={now} onClose={() => setPreview(null)} />}
    </Stack>
  );
}
