import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Item } from '@shared/schemas/item.schema';
import { MESSAGES } from '@shared/messages';
import { auctionClosedEventSchema, bidPlacedEventSchema } from '@shared/events';
import { getSocket, subscribeItemRoom } from '../../../lib/socket';
import { notifyError } from '../../../lib/notify';
import { getItems, type CategoryCounts } from '../api/get-items';
import { normaliseItem } from '../api/item-normalise';
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
 * Loads the listing for `state` (page 1, 9 per page) whenever the query changes, appends the
 * next page on `loadMore`, and keeps shown items live: it joins each shown item's room and
 * applies `bid:placed`, `auction:closed` and `item:updated`. Source: spec/shopping.md §2, §4.
 */
export function useItemListing(state: ListingState): ItemListing {
  const key = JSON.stringify(toApiParams(state, 1));
  const stateRef = useRef(state);
  stateRef.current = state;

  const [items, setItems] = useState<Item[]>([]);
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState<CategoryCounts | null>(null);
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const seen = useRef(new Set<number>());
  const generation = useRef(0);

  useEffect(() => {
    const ctrl = new AbortController();
    const gen = ++generation.current;
    const fresh = new Set<number>();
    setLoading(true);
    setError(null);
    getItems(toApiParams(stateRef.current, 1), { signal: ctrl.signal, seen: fresh })
      .then((res) => {
        if (gen !== generation.current) return;
        seen.current = fresh;
        setItems(res.items);
        setTotal(res.total);
        setCounts(res.counts);
        setPage(res.currentPage);
        setLastPage(res.lastPage);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted || gen !== generation.current) return;
        console.warn('Listing failed', e);
        setItems([]);
        setTotal(0);
        setError(MESSAGES.failedToFetchItems);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [key, attempt]);

  const loadMore = useCallback(() => {
    if (loadingMore || page >= lastPage) return;
    const gen = generation.current;
    setLoadingMore(true);
    getItems(toApiParams(stateRef.current, page + 1), { seen: seen.current })
      .then((res) => {
        if (gen !== generation.current) return;
        setItems((prev) => [...prev, ...res.items]);
        setPage(res.currentPage);
        setLastPage(res.lastPage);
        setTotal(res.total);
      })
      .catch(() => notifyError(MESSAGES.failedToLoadMore))
      .finally(() => setLoadingMore(false));
  }, [loadingMore, page, lastPage]);

  const idsKey = useMemo(() => items.map((i) => i.id).join(','), [items]);

  useEffect(() => {
    if (!idsKey) return;
    const ids = idsKey.split(',').map(Number);
    const leaves = ids.map((id) => subscribeItemRoom(id));
    const idSet = new Set(ids);
    const socket = getSocket();
    const onBid = (raw: unknown) => {
      const e = bidPlacedEventSchema.safeParse(raw);
      if (!e.success || !idSet.has(e.data.item_id)) return;
      const d = e.data;
      setItems((prev) =>
        prev.map((i) =>
          i.id === d.item_id ? { ...i, bid_amount: d.bid_amount, bid_count: d.bid_count, min_next_bid: d.min_next_bid, date_to: d.date_to } : i,
        ),
      );
    };
    const onClosed = (raw: unknown) => {
      const e = auctionClosedEventSchema.safeParse(raw);
      if (!e.success || !idSet.has(e.data.item_id)) return;
      setItems((prev) => prev.map((i) => (i.id === e.data.item_id ? { ...i, closed_by: e.data.closed_by, status: e.data.status } : i)));
    };
    const onUpdated = (raw: Record<string, unknown> & { id: number }) => {
      if (!idSet.has(raw.id)) return;
      setItems((prev) => prev.map((i) => (i.id === raw.id ? (normaliseItem({ ...i, ...raw }) ?? i) : i)));
    };
    socket.on('bid:placed', onBid);
    socket.on('auction:closed', onClosed);
    socket.on('item:updated', onUpdated);
    return () => {
      socket.off('bid:placed', onBid);
      socket.off('auction:closed', onClosed);
      socket.off('item:updated', onUpdated);
      leaves.forEach((leave) => leave());
    };
  }, [idsKey]);

  return {
    items,
    total,
    counts,
    hasMore: page < lastPage,
    loading,
    loadingMore,
    error,
    loadMore,
    retry: () => setAttempt((a) => a + 1),
  };
}
