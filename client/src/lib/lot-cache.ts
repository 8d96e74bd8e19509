import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Item } from '@shared/schemas/item.schema';
import type { Bid, BidPagination } from '@shared/schemas/bid.schema';
import { auctionClosedEventSchema, bidPlacedEventSchema, type AuctionClosedEvent, type BidPlacedEvent } from '@shared/events';
import { normaliseItem } from './item-normalise';
import { connectWasQuiet, copyComparedOnJoin, type GavelSocket } from './socket';

/*
 * Lots in the server-state cache, and the one place socket events change them. A lot may be held
 * by its own page (`detail`), by any number of lists (the listing's pages, a sale's catalogue)
 * and its bid history by page; `bid:placed`, `auction:closed` and `item:updated` are applied here
 * to every copy by lot id, so no view keeps a copy of its own. Source: issue 19 "Server data on
 * the client"; the events: DESIGN.md "Socket.IO".
 */

/** A page of a lot list as every list keeps it in the cache (its own paging fields beside). */
export interface LotPage {
  items: Item[];
  /** When the page was asked for (the browser's clock, ms); lots joined live from it ask for what changed since. */
  askedAt?: number;
}

/** A page of a lot's bid history, newest first. */
export interface LotBidsPage {
  bids: Bid[];
  pagination: BidPagination;
}

/** Query keys of lot data: everything under `['lots']`, each lot's own entries keyed by its id. */
export const lotKeys = {
  all: ['lots'] as const,
  details: ['lots', 'detail'] as const,
  detail: (id: number) => ['lots', 'detail', id] as const,
  bidsOf: (id: number) => ['lots', 'bids', id] as const,
  bids: (id: number, page: number) => ['lots', 'bids', id, page] as const,
  lists: ['lots', 'list'] as const,
  /** A list of lots (`kind`: 'listing', 'sale', …) whose pages are {@link LotPage}s (an infinite query). */
  list: (kind: string, params: unknown) => ['lots', 'list', kind, params] as const,
};

/** The lots of a list's loaded pages in page order, each once (a lot that moved to a later page while paging shows where first met). */
export function lotsOfPages(pages: readonly LotPage[] | undefined): Item[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((p) => p.items).filter((i) => !seen.has(i.id) && Boolean(seen.add(i.id)));
}

/** Applies `change` to lot `id` wherever the cache holds it: its own page and every list that shows it. */
export function updateLot(qc: QueryClient, id: number, change: (item: Item) => Item): void {
  qc.setQueryData<Item>(lotKeys.detail(id), (prev) => (prev ? change(prev) : prev));
  for (const [key, data] of qc.getQueriesData<InfiniteData<LotPage>>({ queryKey: lotKeys.lists })) {
    if (!data?.pages.some((p) => p.items.some((i) => i.id === id))) continue;
    qc.setQueryData<InfiniteData<LotPage>>(key, {
      ...data,
      pages: data.pages.map((p) => (p.items.some((i) => i.id === id) ? { ...p, items: p.items.map((i) => (i.id === id ? change(i) : i)) } : p)),
    });
  }
}

/**
 * A lot after `bid:placed`: the price, bid count, next minimum and end (a soft close moves it)
 * follow the newest bid; a missed bid replayed after a newer one (a lower count) changes nothing.
 * For the signed-in viewer `me`: they lead when the bid is theirs, they have bid once one is
 * theirs, and another bidder's bid at or above their maximum has used it up.
 * Source: spec/shopping.md §2 "Item detail"; issue "Bidding engine" (maximums).
 */
export function withBidPlaced(item: Item, e: BidPlacedEvent, me: number | null): Item {
  const newest = e.bid_count >= item.bid_count;
  const next: Item = newest ? { ...item, bid_amount: e.bid_amount, bid_count: e.bid_count, min_next_bid: e.min_next_bid, date_to: e.date_to } : item;
  if (me === null || !item.viewer) return next;
  const mine = e.bid.user_id === me;
  const viewer = item.viewer;
  if (!newest) return mine && !viewer.has_bid ? { ...next, viewer: { ...viewer, has_bid: true } } : next;
  const exhausted = !mine && viewer.max_amount != null && e.bid_amount >= viewer.max_amount;
  return { ...next, viewer: { leading: mine, max_amount: exhausted ? null : viewer.max_amount, has_bid: viewer.has_bid || mine } };
}

/** A lot after `auction:closed`: its status and who it closed to. */
export function withAuctionClosed(item: Item, e: AuctionClosedEvent): Item {
  return { ...item, closed_by: e.closed_by, status: e.status };
}

/**
 * A lot after `item:updated`: the changed fields read as the server's item, the rest kept. An
 * update read before a bid the lot already shows (a lower `bid_count`: the server read the lot,
 * then the bid's own event overtook it) keeps the newer price, bid count and next minimum.
 */
export function withItemUpdated(item: Item, change: Record<string, unknown>): Item {
  const merged = normaliseItem({ ...item, ...change });
  if (!merged) return item;
  if (merged.bid_count >= item.bid_count) return { ...item, ...merged };
  return { ...item, ...merged, bid_amount: item.bid_amount, bid_count: item.bid_count, min_next_bid: item.min_next_bid };
}

/**
 * A bid history page after `bid:placed`: a bid it already shows changes nothing; page 1 takes the
 * bid in its place (newest first, a replayed older bid below the newer ones) and keeps its size;
 * the count and last page grow by one.
 */
export function withNewBid(page: LotBidsPage, bid: Bid): LotBidsPage {
  if (page.bids.some((b) => b.id === bid.id)) return page;
  const p = page.pagination;
  const total = p.total + 1;
  const first = p.current_page === 1;
  return {
    bids: first ? [bid, ...page.bids].sort((a, b) => b.id - a.id).slice(0, p.per_page) : page.bids,
    pagination: {
      ...p,
      total,
      last_page: Math.max(1, Math.ceil(total / p.per_page)),
      from: first ? 1 : p.from,
      to: first ? Math.min(p.per_page, total) : p.to,
    },
  };
}

/** How long after a burst of bids a lot with a reserve is read again (`bid:placed` carries no `reserve_met`), ms. */
const RESERVE_REREAD_MS = 250;

/**
 * Applies the lot events of `socket` to the cache for as long as it runs; returns the function
 * that stops it. `viewerId` answers the signed-in user's id (null for a guest) at the time of each
 * event. Page 1 of a lot's bid history takes each new bid; later pages are read again when shown.
 * On every connect the lots on screen are read again (a new connection may have missed what
 * happened meanwhile; their missed bids also come again, see lib/socket.ts), except a lot whose
 * room joins with its copy's age (the server then sends it again if it changed), and after a
 * reconnect every shown list too.
 */
export function startLotFeed(qc: QueryClient, socket: GavelSocket, viewerId: () => number | null): () => void {
  const reserveTimers = new Map<number, ReturnType<typeof setTimeout>>();
  let connectedBefore = socket.connected;

  const onBid = (raw: unknown) => {
    const parsed = bidPlacedEventSchema.safeParse(raw);
    if (!parsed.success) return;
    const e = parsed.data;
    updateLot(qc, e.item_id, (item) => withBidPlaced(item, e, viewerId()));
    qc.setQueryData<LotBidsPage>(lotKeys.bids(e.item_id, 1), (prev) => (prev ? withNewBid(prev, e.bid) : prev));
    void qc.invalidateQueries({ queryKey: lotKeys.bidsOf(e.item_id), predicate: (q) => q.queryKey[3] !== 1 });
    if (qc.getQueryData<Item>(lotKeys.detail(e.item_id))?.reserve_met != null) {
      clearTimeout(reserveTimers.get(e.item_id));
      reserveTimers.set(
        e.item_id,
        setTimeout(() => {
          reserveTimers.delete(e.item_id);
          void qc.invalidateQueries({ queryKey: lotKeys.detail(e.item_id) });
        }, RESERVE_REREAD_MS),
      );
    }
  };
  const onClosed = (raw: unknown) => {
    const parsed = auctionClosedEventSchema.safeParse(raw);
    if (parsed.success) updateLot(qc, parsed.data.item_id, (item) => withAuctionClosed(item, parsed.data));
  };
  const onUpdated = (raw: Record<string, unknown> & { id: number }) => {
    if (typeof raw?.id === 'number') updateLot(qc, raw.id, (item) => withItemUpdated(item, raw));
  };
  const onConnect = () => {
    // Back from a reconnect for the same viewer: the rooms ask for what changed meanwhile (lib/socket.ts).
    if (connectWasQuiet()) {
      connectedBefore = true;
      return;
    }
    // A lot whose room joins with its copy's age is sent again by the server if it changed.
    void qc.invalidateQueries({ queryKey: lotKeys.details, predicate: (q) => !copyComparedOnJoin(Number(q.queryKey[2])) });
    if (connectedBefore) void qc.invalidateQueries({ queryKey: lotKeys.lists });
    connectedBefore = true;
  };

  socket.on('bid:placed', onBid);
  socket.on('auction:closed', onClosed);
  socket.on('item:updated', onUpdated);
  socket.on('connect', onConnect);
  return () => {
    for (const t of reserveTimers.values()) clearTimeout(t);
    socket.off('bid:placed', onBid);
    socket.off('auction:closed', onClosed);
    socket.off('item:updated', onUpdated);
    socket.off('connect', onConnect);
  };
}
