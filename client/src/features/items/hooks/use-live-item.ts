import { useCallback, useEffect, useRef, useState } from 'react';
import type { Item } from '@shared/schemas/item.schema';
import type { Bid, BidPagination } from '@shared/schemas/bid.schema';
import { MESSAGES } from '@shared/messages';
import { auctionClosedEventSchema, bidOutbidEventSchema, bidPlacedEventSchema } from '@shared/events';
import { getSocket, noteBidSeen, onItemReload, subscribeItemRoom } from '../../../lib/socket';
import { getItem } from '../api/get-item';
import { BID_PAGE_SIZE, getItemBids } from '../api/get-item-bids';
import { normaliseItem } from '../api/item-normalise';

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

/**
 * Loads item `itemId` and its bid history and keeps both live over the socket: joins room
 * `item:{id}`, applies `bid:placed` (price, count, next minimum, end time; the bid is prepended
 * when page 1 is shown), `auction:closed`, `item:updated`; on every reconnect re-reads the item
 * and the first page of bids. `userId` (signed-in viewer) decides Winning/Outbid: the bidder
 * of the newest stored bid leads (automatic bids made for a maximum count), as do the item's
 * `viewer.leading` and an accepted bid's `leading`. The viewer's maximum (`item.viewer.max_amount`)
 * follows the bid answer and is dropped once another bidder's bid reaches it. A lot with a
 * reserve is re-read after bids (`bid:placed` carries no `reserve_met`).
 * Source: spec/shopping.md §2 "Item detail", DESIGN.md "How a bid flows", issue "Bidding engine".
 */
export function useLiveItem(itemId: number, userId: number | null): LiveItem {
  const [item, setItem] = useState<Item | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [bids, setBids] = useState<Bid[]>([]);
  const [pagination, setPagination] = useState<BidPagination | null>(null);
  const [bidPage, setBidPageState] = useState(1);
  const [bidsLoading, setBidsLoading] = useState(true);
  const [bidsError, setBidsError] = useState<string | null>(null);
  const [leaderId, setLeaderId] = useState<number | null>(null);
  const [myBidSeen, setMyBidSeen] = useState(false);

  const bidPageRef = useRef(1);
  const seenBids = useRef(new Set<number>());
  /** The newest bid id applied to the lot (its price and leader): an older one replayed after a reconnect only joins the list. */
  const latestBidId = useRef(0);
  const userRef = useRef(userId);
  userRef.current = userId;
  const itemRef = useRef<Item | null>(null);
  itemRef.current = item;

  // The item's `viewer.leading` (signed-in only) says whether the viewer holds the top stored bid.
  const followViewer = useCallback((it: Item) => {
    const me = userRef.current;
    if (me === null || !it.viewer) return;
    if (it.viewer.leading) {
      setLeaderId(me);
      setMyBidSeen(true);
    } else {
      setLeaderId((prev) => (prev === me ? null : prev));
      if (it.viewer.max_amount != null) setMyBidSeen(true);
    }
  }, []);

  const reloadItem = useCallback(async () => {
    try {
      const fresh = await getItem(itemId);
      setItem(fresh);
      setError(null);
      followViewer(fresh);
      return fresh;
    } catch (e) {
      if (!itemRef.current) setError(e instanceof Error ? e.message : MESSAGES.failedToLoadItem);
      return null;
    }
  }, [itemId, followViewer]);

  const loadBids = useCallback(
    async (page: number) => {
      setBidsLoading(true);
      try {
        const res = await getItemBids(itemId, page);
        if (bidPageRef.current !== page) return;
        res.bids.forEach((b) => seenBids.current.add(b.id));
        if (page === 1) {
          const newest = res.bids.reduce((max, b) => Math.max(max, b.id), 0);
          latestBidId.current = Math.max(latestBidId.current, newest);
          noteBidSeen(itemId, newest);
        }
        setBids(res.bids);
        setPagination(res.pagination);
        setBidsError(null);
        if (page === 1) setLeaderId(res.bids[0]?.user_id ?? null);
        const me = userRef.current;
        if (me !== null && res.bids.some((b) => b.user_id === me)) setMyBidSeen(true);
      } catch {
        if (bidPageRef.current === page) setBidsError(MESSAGES.failedToLoadBids);
      } finally {
        if (bidPageRef.current === page) setBidsLoading(false);
      }
    },
    [itemId],
  );

  // Initial load (and when the item id changes).
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setItem(null);
    setError(null);
    setBids([]);
    setPagination(null);
    setLeaderId(null);
    setMyBidSeen(false);
    seenBids.current = new Set();
    latestBidId.current = 0;
    bidPageRef.current = 1;
    setBidPageState(1);
    getItem(itemId)
      .then((it) => {
        if (cancelled) return;
        setItem(it);
        followViewer(it);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof Error ? e.message : MESSAGES.failedToLoadItem);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    void loadBids(1);
    return () => {
      cancelled = true;
    };
  }, [itemId, loadBids, followViewer]);

  // Has the signed-in viewer bid on this item beyond the first page? Look once per viewer.
  useEffect(() => {
    setMyBidSeen(false);
    if (userId === null) return;
    let cancelled = false;
    getItemBids(itemId, 1, 100)
      .then((res) => {
        if (!cancelled && res.bids.some((b) => b.user_id === userId)) setMyBidSeen(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [itemId, userId]);

  // Room membership and live events.
  useEffect(() => {
    const leave = subscribeItemRoom(itemId);
    const socket = getSocket();
    // Bids come in bursts (a bid and the automatic answer): re-read a lot with a reserve once after them.
    let reserveTimer: ReturnType<typeof setTimeout> | undefined;
    const onBid = (raw: unknown) => {
      const parsed = bidPlacedEventSchema.safeParse(raw);
      if (!parsed.success || parsed.data.item_id !== itemId) return;
      const e = parsed.data;
      const me = userRef.current;
      // A missed bid replayed after a reconnect may come after a newer one: it joins the list in its
      // place but never takes the price, leader or viewer's standing back.
      if (e.bid.id >= latestBidId.current) {
        latestBidId.current = e.bid.id;
        setItem((prev) => {
          if (!prev) return prev;
          const next = { ...prev, bid_amount: e.bid_amount, bid_count: e.bid_count, min_next_bid: e.min_next_bid, date_to: e.date_to };
          if (me !== null && prev.viewer) {
            const mine = e.bid.user_id === me;
            // Another bidder's bid at or above the viewer's maximum has used it up.
            const exhausted = !mine && prev.viewer.max_amount != null && e.bid_amount >= prev.viewer.max_amount;
            next.viewer = { leading: mine, max_amount: exhausted ? null : prev.viewer.max_amount };
          }
          return next;
        });
        if (itemRef.current?.reserve_met != null) {
          clearTimeout(reserveTimer);
          reserveTimer = setTimeout(() => void reloadItem(), 250);
        }
        setLeaderId(e.bid.user_id);
      }
      if (userRef.current !== null && e.bid.user_id === userRef.current) setMyBidSeen(true);
      if (seenBids.current.has(e.bid.id)) return;
      seenBids.current.add(e.bid.id);
      // Newest first: a replayed older bid takes its place below the newer ones.
      if (bidPageRef.current === 1) setBids((prev) => [e.bid, ...prev.filter((b) => b.id !== e.bid.id)].sort((a, b) => b.id - a.id).slice(0, BID_PAGE_SIZE));
      setPagination((p) => {
        const total = (p?.total ?? 0) + 1;
        const perPage = p?.per_page ?? BID_PAGE_SIZE;
        return {
          current_page: p?.current_page ?? 1,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          from: p?.current_page && p.current_page > 1 ? p.from : 1,
          to: p?.current_page && p.current_page > 1 ? p.to : Math.min(perPage, total),
        };
      });
    };
    const onOutbid = (raw: unknown) => {
      const parsed = bidOutbidEventSchema.safeParse(raw);
      if (parsed.success && parsed.data.item_id === itemId) setMyBidSeen(true);
    };
    const onClosed = (raw: unknown) => {
      const parsed = auctionClosedEventSchema.safeParse(raw);
      if (!parsed.success || parsed.data.item_id !== itemId) return;
      setItem((prev) => (prev ? { ...prev, closed_by: parsed.data.closed_by, status: parsed.data.status } : prev));
    };
    const onUpdated = (raw: Record<string, unknown> & { id: number }) => {
      if (raw.id !== itemId) return;
      setItem((prev) => (prev ? (normaliseItem({ ...prev, ...raw }) ?? prev) : prev));
    };
    // Back after a drop: the missed bids come again from the server, in order (issue 17); the item
    // itself (its end time, its status) is read again. When too much was missed, everything is.
    const onReconnect = () => void reloadItem();
    const stopReload = onItemReload(itemId, () => {
      void reloadItem();
      bidPageRef.current = 1;
      setBidPageState(1);
      void loadBids(1);
    });
    socket.on('bid:placed', onBid);
    socket.on('bid:outbid', onOutbid);
    socket.on('auction:closed', onClosed);
    socket.on('item:updated', onUpdated);
    socket.on('connect', onReconnect);
    return () => {
      clearTimeout(reserveTimer);
      socket.off('bid:placed', onBid);
      socket.off('bid:outbid', onOutbid);
      socket.off('auction:closed', onClosed);
      socket.off('item:updated', onUpdated);
      socket.off('connect', onReconnect);
      stopReload();
      leave();
    };
  }, [itemId, loadBids, reloadItem]);

  const setBidPage = useCallback(
    (page: number) => {
      bidPageRef.current = page;
      setBidPageState(page);
      void loadBids(page);
    },
    [loadBids],
  );

  const applyOwnBid = useCallback(
    (answer: OwnBidAnswer) => {
      const me = userRef.current;
      // Live events may already have carried the lot further than this answer: never go back.
      const stale = (itemRef.current?.bid_count ?? 0) > answer.item.bid_count;
      const leading = answer.leading ?? true;
      setItem((prev) => {
        if (!prev) return prev;
        const fields = stale ? {} : answer.item;
        const viewer = me !== null ? { leading: stale ? (prev.viewer?.leading ?? false) : leading, max_amount: answer.max_amount } : prev.viewer;
        return { ...prev, ...fields, viewer };
      });
      if (me !== null) {
        setMyBidSeen(true);
        if (!stale) setLeaderId((prev) => (leading ? me : prev === me ? null : prev));
      }
      if (itemRef.current?.reserve_met != null) void reloadItem();
      void loadBids(bidPageRef.current);
    },
    [loadBids, reloadItem],
  );

  const position = userId !== null && myBidSeen ? (leaderId === userId ? 'Winning' : 'Outbid') : null;

  return {
    item,
    loading,
    error,
    bids,
    pagination,
    bidPage,
    bidsLoading,
    bidsError,
    setBidPage,
    position,
    reloadItem,
    applyOwnBid,
    retryBids: () => void loadBids(bidPageRef.current),
  };
}
