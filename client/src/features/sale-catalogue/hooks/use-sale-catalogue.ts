import { useCallback, useEffect, useRef, useState } from 'react';
import { auctionClosedEventSchema, bidPlacedEventSchema } from '@shared/events';
import { itemSchema, type Item } from '@shared/schemas/item.schema';
import type { PublicSale } from '@shared/schemas/sale.schema';
import { ApiError } from '../../../lib/api-client';
import { getSocket, subscribeItemRoom } from '../../../lib/socket';
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

/**
 * Loads a sale and its lots page by page, and keeps every loaded lot live over the socket: joins
 * each lot's room `item:{id}` and applies `bid:placed` (price, bids, the end a soft close moved),
 * `auction:closed` (sold or unsold) and `item:updated` (a rescheduled close, a new lot number:
 * the list is sorted again); on every reconnect the loaded pages are read again.
 * Source: issue 13 "Sales" (the catalogue: lots in order with their live price, status and countdown).
 */
export function useSaleCatalogue(saleId: number): SaleCatalogue {
  const [sale, setSale] = useState<PublicSale | null>(null);
  const [lots, setLots] = useState<Item[]>([]);
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pageRef = useRef(1);

  /** Reads pages 1..`upTo` again and replaces the loaded lots with them. */
  const reload = useCallback(
    async (upTo: number) => {
      const pages = await Promise.all(Array.from({ length: upTo }, (_, i) => getSaleLots(saleId, i + 1)));
      setLots(pages.flatMap((p) => p.lots).sort(byLotOrder));
      setLastPage(pages.at(-1)?.meta.last_page ?? 1);
    },
    [saleId],
  );

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    setLots([]);
    pageRef.current = 1;
    setPage(1);
    Promise.all([getSale(saleId), getSaleLots(saleId, 1)])
      .then(([s, first]) => {
        if (cancelled) return;
        setSale(s);
        setLots([...first.lots].sort(byLotOrder));
        setLastPage(first.meta.last_page);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof ApiError && e.status === 404 ? 'Sale not found' : 'Failed to load the sale.');
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [saleId]);

  const loadMore = useCallback(() => {
    const next = pageRef.current + 1;
    setLoadingMore(true);
    getSaleLots(saleId, next)
      .then((res) => {
        pageRef.current = next;
        setPage(next);
        setLastPage(res.meta.last_page);
        setLots((prev) => {
          const known = new Set(prev.map((l) => l.id));
          return [...prev, ...res.lots.filter((l) => !known.has(l.id))].sort(byLotOrder);
        });
      })
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  }, [saleId]);

  // Every loaded lot's room; joined once per lot, left when the page goes.
  const ids = lots.map((l) => l.id).join(',');
  useEffect(() => {
    const leave = ids ? ids.split(',').map((id) => subscribeItemRoom(Number(id))) : [];
    return () => leave.forEach((l) => l());
  }, [ids]);

  useEffect(() => {
    const socket = getSocket();
    const patch = (id: number, change: (lot: Item) => Item) =>
      setLots((prev) => (prev.some((l) => l.id === id) ? prev.map((l) => (l.id === id ? change(l) : l)) : prev));
    const onBid = (raw: unknown) => {
      const e = bidPlacedEventSchema.safeParse(raw);
      if (e.success)
        patch(e.data.item_id, (l) => ({
          ...l,
          bid_amount: e.data.bid_amount,
          bid_count: e.data.bid_count,
          min_next_bid: e.data.min_next_bid,
          date_to: e.data.date_to,
        }));
    };
    const onClosed = (raw: unknown) => {
      const e = auctionClosedEventSchema.safeParse(raw);
      if (e.success) patch(e.data.item_id, (l) => ({ ...l, status: e.data.status, closed_by: e.data.closed_by }));
    };
    const onUpdated = (raw: Record<string, unknown> & { id: number }) => {
      setLots((prev) => {
        if (!prev.some((l) => l.id === raw.id)) return prev;
        return prev
          .map((l) => {
            if (l.id !== raw.id) return l;
            const merged = itemSchema.safeParse({ ...l, ...raw });
            return merged.success ? merged.data : l;
          })
          .sort(byLotOrder);
      });
    };
    const onReconnect = () => void reload(pageRef.current).catch(() => undefined);
    socket.on('bid:placed', onBid);
    socket.on('auction:closed', onClosed);
    socket.on('item:updated', onUpdated);
    socket.on('connect', onReconnect);
    return () => {
      socket.off('bid:placed', onBid);
      socket.off('auction:closed', onClosed);
      socket.off('item:updated', onUpdated);
      socket.off('connect', onReconnect);
    };
  }, [reload]);

  return { sale, lots, loading, error, hasMore: page < lastPage, loadingMore, loadMore };
}
