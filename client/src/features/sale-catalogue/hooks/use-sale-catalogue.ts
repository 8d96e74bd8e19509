import { useCallback, useEffect, useMemo } from 'react';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@shared/schemas/item.schema';
import type { PublicSale } from '@shared/schemas/sale.schema';
import { ApiError } from '../../../lib/api-client';
import { useItemRooms } from '../../../lib/use-item-rooms';
import { lotKeys, lotsOfPages } from '../../../lib/lot-cache';
import { getSale } from '../api/get-sale';
import { getSaleLots } from '../api/get-sale-lots';

/** What the catalogue page shows: the sale, its lots loaded so far (in lot order), and paging. */
export interface SaleCatalogue {
  sale: PublicSale | null;
  lots: Item[];
  loading: boolean;
  /** 'Sale not found', or a failure to load. */
  error: string | null;
  /** More lots than loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

const byLotOrder = (a: Item, b: Item) => (a.lot_number ?? Number.MAX_SAFE_INTEGER) - (b.lot_number ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/** Query key of a published sale's public page. */
export const saleKey = (saleId: number) => ['sales', 'public', saleId] as const;

/** A published sale's public page (`GET /api/sales/{id}`), shared with the read before the app's first render (app/first-render.ts). */
export const saleQueryOptions = (saleId: number) => queryOptions({ queryKey: saleKey(saleId), queryFn: () => getSale(saleId) });

/** A sale's lots page by page (`GET /api/sales/{id}/lots`), shared with the read before the app's first render. */
export const saleLotsQueryOptions = (saleId: number) =>
  infiniteQueryOptions({
    queryKey: lotKeys.list('sale', saleId),
    queryFn: async ({ pageParam }) => {
      const res = await getSaleLots(saleId, pageParam);
      return { items: res.lots, meta: res.meta, askedAt: res.askedAt };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    // Read again on the socket's reconnect (lib/lot-cache.ts), not also on the browser's.
    refetchOnReconnect: false,
  });

/**
 * A sale and its lots page by page from the server-state cache, every loaded lot kept live: it
 * joins each lot's room `item:{id}`, whose `bid:placed` (price, bids, the end a soft close moved),
 * `auction:closed` (sold or unsold) and `item:updated` (a rescheduled close, a new lot number: the
 * list is sorted again) the app's lot feed applies (lib/lot-cache.ts); after a reconnect the loaded
 * pages are read again. Source: issue 13 "Sales" (the catalogue: lots in order with their live
 * price, status and countdown); issue 19 "Server data on the client".
 */
export function useSaleCatalogue(saleId: number): SaleCatalogue {
  const qc = useQueryClient();
  const saleQuery = useQuery(saleQueryOptions(saleId));
  const lotsQuery = useInfiniteQuery(saleLotsQueryOptions(saleId));

  const pages = lotsQuery.data?.pages;
  const lots = useMemo(() => lotsOfPages(pages).sort(byLotOrder), [pages]);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = lotsQuery;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);

  // Every loaded lot's room; joined once per lot, left when the page goes.
  useItemRooms(
    lots.map((l) => l.id),
    pages,
  );

  // No longer live once left: the next visit shows it and reads it again.
  useEffect(() => () => void qc.invalidateQueries({ queryKey: lotKeys.list('sale', saleId), exact: true, refetchType: 'none' }), [saleId, qc]);

  const failure = saleQuery.error ?? (lotsQuery.data ? null : lotsQuery.error);
  const error = failure ? (failure instanceof ApiError && failure.status === 404 ? 'Sale not found' : 'Failed to load the sale.') : null;
  const sale: PublicSale | null = saleQuery.data ?? null;
  return {
    sale,
    lots,
    loading: !error && (saleQuery.isPending || lotsQuery.isPending),
    error,
    hasMore: Boolean(hasNextPage),
    loadingMore: isFetchingNextPage,
    loadMore,
  };
}
