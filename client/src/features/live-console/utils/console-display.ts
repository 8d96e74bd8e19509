import type { LiveBid, LiveConsoleLot, LiveHighBidder, LiveStatus } from '@shared/schemas/live-sale.schema';

/** The room's status as the console's badge says it, with its colour. Source: issue 15 "The clerk's console". */
export const STATUS_BADGES: Record<LiveStatus, { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'gray' },
  open: { label: 'Open', color: 'green' },
  fair_warning: { label: 'Fair warning', color: 'orange' },
  sold: { label: 'Sold', color: 'blue' },
  passed: { label: 'Passed', color: 'dark' },
  paused: { label: 'Paused', color: 'yellow' },
};

/** Who holds the high bid: "Room, paddle 12", "Room" or "Online — Chikondi Banda". */
export function highBidderText(b: LiveHighBidder | null): string {
  if (!b) return 'No bid yet';
  if (b.kind === 'room') return b.paddle ? `Room, paddle ${b.paddle}` : 'Room';
  return `Online — ${b.name ?? 'bidder'}`;
}

/** Who placed a bid of the stream: "Room, paddle 12", "Room" or "Online — name". */
export function bidderText(b: LiveBid): string {
  return highBidderText({ kind: b.kind, paddle: b.paddle, name: b.name });
}

/** The list's status badge of a lot: Available, "Sold to Paddle 12", Unsold, Withdrawn. */
export function lotStatusBadge(lot: LiveConsoleLot): { label: string; color: string } {
  switch (lot.status) {
    case 'available':
      return { label: 'Available', color: 'teal' };
    case 'sold':
      return { label: lot.sold_to ? `Sold to ${lot.sold_to}` : 'Sold', color: 'blue' };
    case 'unsold':
      return { label: 'Unsold', color: 'gray' };
    default:
      return { label: lot.status.charAt(0).toUpperCase() + lot.status.slice(1), color: 'gray' };
  }
}
