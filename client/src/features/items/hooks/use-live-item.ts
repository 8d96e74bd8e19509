import { useCallback, useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@shared/schemas/item.schema';
import type { Bid, BidPagination } from '@shared/schemas/bid.schema';
import { MESSAGES } from '@shared/messages';
import { itemCopyAskedAt, noteBidSeen, onItemReload, subscribeItemRoom } from '../../../lib/socket';
import { lotKeys } from '../../../lib/lot-cache';
import { getItem } from '../api/get-item';
import { getItemBids } from '../api/get-item-bids';

/** What the item page takes from an accepted `POST /ajax-bid`: the lot's fields, whether the bidder leads, their maximum. */
export interface OwnBidAnswer {
  item: Pick<Item, 'bid_amount' | 'bid_count' | 'min_next_bid' | 'date_to'>;
  leading?: boolean;
  max_amount: number | null;
}

/** Live state of one item page: the item, one page of its bids, and the viewer's position. */
export interface LiveItem {
  item: Item | null;
  loading: boolean;
  error: string | null;
  bids: Bid[];
  pagination: BidPagination | null;
  bidPage: number;
  bidsLoading: boolean;
  bidsError: string | null;
  setBidPage: (page: number) => void;
  /** 'Winning' / 'Outbid' for a signed-in viewer who has bid on the item, else null. */
  position: 'Winning' | 'Outbid' | null;
  /** Re-reads the item; resolves to the fresh item (null on failure). */
  reloadItem: () => Promise<Item | null>;
  /** Applies what a successful `POST /ajax-bid` answered (item fields, `leading`, `max_amount`), and reloads the bids. */
  applyOwnBid: (answer: OwnBidAnswer) => void;
  retryBids: () => void;
}

/** A failed read of the item worth trying again (the server or the network failed, not a missing item). */
const retryItem = (failures: number, e: Error) => failures < 2 && (e.message === MESSAGES.failedToLoadItem || e.message === MESSAGES.serverError);

/**
 * The item page's lot (`GET /ajax-item/{id}`) in the server-state cache: the page's query and the
 * read made before the app's first render (app/first-render.ts) share it.
 */
export const itemQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: lotKeys.detail(itemId),
    queryFn: ({ signal }) => getItem(itemId, signal),
    retry: retryItem,
    // Kept live by the socket, and read again on its every connect (lib/lot-cache.ts), not on the browser's.
    refetchOnReconnect: false,
  });

/** Page `page` of a lot's bid history; page 1 notes the newest bid seen, from which a reconnect asks for missed ones (lib/socket.ts). */
export const itemBidsQueryOptions = (itemId: number, page: number) =>
  queryOptions({
    queryKey: lotKeys.bids(itemId, page),
    queryFn: async () => {
      const res = await getItemBids(itemId, page);
      if (page === 1)
        noteBidSeen(
          itemId,
          res.bids.reduce((max, b) => Math.max(max, b.id), 0),
        );
      return res;
    },
    // Bids missed while away come again over the socket (lib/socket.ts): reading them again would cost data for nothing.
    refetchOnReconnect: false,
  });

/**
 * Item `itemId` and one page of its bid history from the server-state cache, kept live while
 * mounted: joins room `item:{id}`, whose `bid:placed`, `auction:closed` and `item:updated` the
 * app's lot feed applies to the cache (lib/lot-cache.ts: price, count, next minimum, end time, the
 * bid prepended to page 1, a lot with a reserve read again after bids). The room joins with the
 * age of the copy shown, so the server sends the item again if it changed since; the item is read
 * again on every later connect. Missed bids come again after a reconnect (lib/socket.ts); when
 * too many were missed the item and page 1 are read again. `userId` (signed-in viewer) gets
 * Winning/Outbid from the item's `viewer`: Winning while their bid leads (automatic bids for their
 * maximum count), Outbid once they have bid and another leads; their maximum follows the bid
 * answer and is dropped once another bidder's bid reaches it. Leaving the page marks the lot's
 * entries stale, so the next visit reads them again behind what was shown.
 * Source: spec/shopping.md §2 "Item detail", DESIGN.md "How a bid flows", issue "Bidding engine",
 * issue 19 "Server data on the client".
 */
export function useLiveItem(itemId: number, userId: number | null): LiveItem {
  const qc = useQueryClient();
  const [paging, setPaging] = useState({ itemId, page: 1 });
  const bidPage = paging.itemId === itemId ? paging.page : 1;

  const itemQuery = useQuery(itemQueryOptions(itemId));
  const bidsQuery = useQuery({
    ...itemBidsQueryOptions(itemId, bidPage),
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === itemId ? prev : undefined),
  });

  const setBidPage = useCallback((page: number) => setPaging({ itemId, page }), [itemId]);

  // Room membership; when the server could not replay what a drop missed, the item and page 1 again.
  useEffect(() => {
    // The copy shown joins with its age: the server sends the lot again if it changed since (lib/socket.ts).
    const leave = subscribeItemRoom(itemId, itemCopyAskedAt(itemId));
    const stopReload = onItemReload(itemId, () => {
      setPaging({ itemId, page: 1 });
      void qc.invalidateQueries({ queryKey: lotKeys.detail(itemId) });
      void qc.invalidateQueries({ queryKey: lotKeys.bidsOf(itemId) });
    });
    return () => {
      stopReload();
      leave();
      // No longer live: the next visit reads it again (showing this meanwhile).
      void qc.invalidateQueries({ queryKey: lotKeys.detail(itemId), refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: lotKeys.bidsOf(itemId), refetchType: 'none' });
    };
  }, [itemId, qc]);

  const reloadItem = useCallback(async () => {
    try {
      return await qc.fetchQuery({ queryKey: lotKeys.detail(itemId), queryFn: ({ signal }) => getItem(itemId, signal), staleTime: 0 });
    } catch {
      return null;
    }
  }, [itemId, qc]);

  const applyOwnBid = useCallback(
    (answer: OwnBidAnswer) => {
      qc.setQueryData<Item>(lotKeys.detail(itemId), (prev) => {
        if (!prev) return prev;
        // Live events may already have carried the lot further than this answer: never go back.
        const stale = prev.bid_count > answer.item.bid_count;
        const leading = answer.leading ?? true;
        const viewer =
          userId !== null ? { leading: stale ? (prev.viewer?.leading ?? false) : leading, max_amount: answer.max_amount, has_bid: true } : prev.viewer;
        return { ...prev, ...(stale ? {} : answer.item), viewer };
      });
      if (qc.getQueryData<Item>(lotKeys.detail(itemId))?.reserve_met != null) void qc.invalidateQueries({ queryKey: lotKeys.detail(itemId) });
      void qc.invalidateQueries({ queryKey: lotKeys.bids(itemId, bidPage) });
    },
    [itemId, userId, bidPage, qc],
  );

  const item = itemQuery.data ?? null;
  const viewer = userId !== null ? item?.viewer : undefined;
  const position = viewer?.has_bid ? (viewer.leading ? 'Winning' : 'Outbid') : null;

  return {
    item,
    loading: itemQuery.isPending,
    error: item ? null : (itemQuery.error?.message ?? null),
    bids: bidsQuery.data?.bids ?? [],
    pagination: bidsQuery.data?.pagination ?? null,
    bidPage,
    bidsLoading: bidsQuery.isPending || bidsQuery.isPlaceholderData,
    bidsError: bidsQuery.isError ? MESSAGES.failedToLoadBids : null,
    setBidPage,
    position,
    reloadItem,
    applyOwnBid,
    retryBids: () => void bidsQuery.refetch(),
  };
}
