import { useCallback, useEffect, useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@shared/schemas/item.schema';
import { MESSAGES } from '@shared/messages';
import { useItemRooms } from '../../../lib/use-item-rooms';
import { notifyError } from '../../../lib/notify';
import { lotKeys, lotsOfPages } from '../../../lib/lot-cache';
import { getItems, type CategoryCounts } from '../api/get-items';
import { toApiParams, type ListingState } from '../utils/listing-query';

/** What the listing shows: items so far, paging, tab counts, loading and error states. */
export interface ItemListing {
  items: Item[];
  total: number;
  counts: CategoryCounts | null;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The listing's pages for `state` in the server-state cache (`GET /ajax-items`, 9 per page): the
 * listing's query and the read made before the app's first render (app/first-render.ts) share it.
 */
export const listingQueryOptions = (state: ListingState) =>
  infiniteQueryOptions({
    queryKey: lotKeys.list('listing', toApiParams(state, 1)),
    queryFn: ({ pageParam, signal }) => getItems(toApiParams(state, pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.lastPage ? last.currentPage + 1 : undefined),
    // Read again on the socket's reconnect (lib/lot-cache.ts), not also on the browser's.
    refetchOnReconnect: false,
  });

/**
 * The listing for `state` from the server-state cache (page 1, 9 per page, read whenever the query
 * changes), the next page appended on `loadMore` (a lot already shown is not shown twice), and the
 * shown lots kept live: it joins each one's room, whose `bid:placed`, `auction:closed` and
 * `item:updated` the app's lot feed applies (lib/lot-cache.ts). Leaving marks the listing stale, so
 * coming back shows it at once and reads it again behind. Source: spec/shopping.md §2, §4;
 * issue 19 "Server data on the client".
 */
export function useItemListing(state: ListingState): ItemListing {
  const qc = useQueryClient();
  const options = listingQueryOptions(state);
  const keyText = JSON.stringify(options.queryKey);
  const query = useInfiniteQuery(options);
  if (query.isError && !query.data) console.warn('Listing failed', query.error);

  const pages = query.data?.pages;
  const items = useMemo(() => lotsOfPages(pages), [pages]);
  const last = pages?.at(-1);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (isFetchingNextPage || !hasNextPage) return;
    void fetchNextPage().then((r) => {
      if (r.isFetchNextPageError) notifyError(MESSAGES.failedToLoadMore);
    });
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  useItemRooms(
    items.map((i) => i.id),
    pages,
  );

  // No longer live once left: the next visit shows it and reads it again.
  useEffect(() => () => void qc.invalidateQueries({ queryKey: JSON.parse(keyText) as unknown[], exact: true, refetchType: 'none' }), [keyText, qc]);

  return {
    items,
    total: last?.total ?? 0,
    counts: pages?.[0]?.counts ?? null,
    hasMore: Boolean(hasNextPage),
    loading: query.isPending,
    loadingMore: isFetchingNextPage,
    error: query.isError && !query.data ? MESSAGES.failedToFetchItems : null,
    loadMore,
    retry: () => void query.refetch(),
  };
}
