/** Auction type kinds. Source: spec/shopping.md §1. */
export type AuctionKind = 'cash' | 'online' | 'live';

/**
 * The minimum an item needs for the status rules. Dates are ISO strings or null. The kind comes
 * from `kind` when given (the server's rows carry the auction type's kind so), else from
 * `auction_type.type` (the API's item shape).
 */
export interface ItemTiming {
  kind?: AuctionKind | string | null;
  closed_by?: number | null;
  status?: string | null;
  date_from?: string | null;
  date_to?: string | null;
  auction_type?: { type: AuctionKind | string } | null;
}

/** 24 hours: the "ending soon" window. Source: spec/shopping.md §9. */
export const ENDING_SOON_MS = 24 * 60 * 60 * 1000;

const time = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : Number.NaN);

/** Kind of the item's auction type (`kind`, else `auction_type.type`), 'cash' when unknown. */
export function itemKind(item: Pick<ItemTiming, 'kind' | 'auction_type'>): AuctionKind {
  const t = item.kind ?? item.auction_type?.type;
  return t === 'online' || t === 'live' ? t : 'cash';
}

/** True when a live item is inside its auction window at `now`. Source: spec/shopping.md §4. */
export function isLiveNow(item: ItemTiming, now: Date = new Date()): boolean {
  if (itemKind(item) !== 'live') return false;
  const from = time(item.date_from);
  const to = time(item.date_to);
  return Number.isFinite(from) && Number.isFinite(to) && now.getTime() >= from && now.getTime() <= to;
}

/** True when a card treats the item as sold out: closed_by set or status sold. */
export function isSoldOut(item: ItemTiming): boolean {
  return item.closed_by != null || item.status === 'sold';
}

/**
 * The display status badge of an item: SOLD if closed_by is set; LIVE for a live auction in its
 * window; ENDING SOON for non-cash items ending within 24 hours; otherwise null.
 * Source: spec/shopping.md §4 "Item display status".
 */
export function displayStatus(item: ItemTiming, now: Date = new Date()): 'SOLD' | 'LIVE' | 'ENDING SOON' | null {
  if (item.closed_by != null) return 'SOLD';
  if (isLiveNow(item, now)) return 'LIVE';
  const to = time(item.date_to);
  if (itemKind(item) !== 'cash' && Number.isFinite(to)) {
    const left = to - now.getTime();
    if (left > 0 && left <= ENDING_SOON_MS) return 'ENDING SOON';
  }
  return null;
}

/**
 * Label of the bid button: 'Auction Ended' once date_to has passed; 'Bid Live' for a live
 * auction in its window; otherwise 'Place Bid'. Source: spec/shopping.md §4 "Bid button".
 */
export function bidButtonLabel(item: ItemTiming, now: Date = new Date()): 'Auction Ended' | 'Bid Live' | 'Place Bid' {
  const to = time(item.date_to);
  if (Number.isFinite(to) && to < now.getTime()) return 'Auction Ended';
  if (isLiveNow(item, now)) return 'Bid Live';
  return 'Place Bid';
}

/**
 * Timing on the detail page: no date → null; past → 'Ended'; under 24 h left → 'Ending Soon';
 * otherwise 'Active'. Source: spec/shopping.md §4 "Item timing on the detail page".
 */
export function detailTiming(dateTo: string | null | undefined, now: Date = new Date()): 'Ended' | 'Ending Soon' | 'Active' | null {
  const to = time(dateTo);
  if (!Number.isFinite(to)) return null;
  const left = to - now.getTime();
  if (left <= 0) return 'Ended';
  if (left < ENDING_SOON_MS) return 'Ending Soon';
  return 'Active';
}

/**
 * The instants (epoch ms) at which what a lot's page or card shows of its standing changes,
 * apart from its ticking countdown: its opening (`date_from`), the start of its last 24 hours
 * (ENDING SOON, 'Ending Soon') and its close (`date_to`). Missing dates give none. The
 * countdown's own text changes every second. Source: spec/shopping.md §4; issue 17 (drawing only
 * what changed).
 */
export function standingChanges(item: Pick<ItemTiming, 'date_from' | 'date_to'>): number[] {
  const to = time(item.date_to);
  return [time(item.date_from), to - ENDING_SOON_MS, to].filter(Number.isFinite);
}

/**
 * Share of time elapsed between date_from and date_to in percent (0 before start, 100 after
 * end; 0 when either date is missing). Source: spec/shopping.md §4 "Time left text".
 */
export function elapsedPercent(item: ItemTiming, now: Date = new Date()): number {
  const from = time(item.date_from);
  const to = time(item.date_to);
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 0;
  if (now.getTime() <= from) return 0;
  if (now.getTime() >= to || to <= from) return 100;
  return ((now.getTime() - from) / (to - from)) * 100;
}
