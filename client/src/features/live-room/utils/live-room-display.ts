import { formatMK } from '@shared/rules/money';
import { BIDDING_STATUSES } from '@shared/rules/live-sale';
import { type LiveBid, type LiveHighBidder, type LiveState } from '@shared/schemas/live-sale.schema';

/** Who placed a bid or holds the high bid, as bidders see it: "Room", "Room · paddle 12" or "Online". */
export function bidderKindText(b: Pick<LiveHighBidder, 'kind' | 'paddle'>): string {
  if (b.kind === 'room') return b.paddle ? `Room · paddle ${b.paddle}` : 'Room';
  return 'Online';
}

/** The viewer's standing on the lot on the block: Winning/Outbid while it is offered, Won once sold to them. */
export type LivePosition = 'Winning' | 'Outbid' | 'Won';

/**
 * The viewer's badge (issue 15): 'Winning' when they hold the high bid, 'Outbid' when they bid on
 * this lot (a bid of theirs is in `bids`) and no longer lead, 'Won' when the lot was sold to them;
 * null for guests, viewers who did not bid, a passed lot or no lot.
 */
export function livePosition(state: LiveState, userId: number | null): LivePosition | null {
  if (userId == null || !state.lot || state.status === 'passed' || state.status === 'waiting') return null;
  const leads = state.high_bidder?.kind === 'online' && state.high_bidder.user_id === userId;
  if (leads) return state.status === 'sold' ? 'Won' : 'Winning';
  return state.bids.some((b) => b.user_id === userId) ? 'Outbid' : null;
}

/** Whether a bid of the stream is the viewer's own. */
export function isOwnBid(bid: LiveBid, userId: number | null): boolean {
  return userId != null && bid.kind === 'online' && bid.user_id === userId;
}

/** The banner of a status, or null when none is shown (an open lot). */
export interface StatusBanner {
  title: string;
  text: string | null;
  color: string;
}

/**
 * The status banner (issue 15): waiting for the first lot, "Fair warning", "Sold for MK …" (to the
 * room, to an online bidder, or to you), "Passed (unsold)", "Paused"; null while a lot is open.
 */
export function statusBanner(state: LiveState, userId: number | null): StatusBanner | null {
  switch (state.status) {
    case 'waiting':
      return { title: 'Waiting for the auctioneer to open the first lot', text: null, color: 'gray' };
    case 'fair_warning':
      return { title: 'Fair warning', text: 'Last chance to bid before the hammer falls.', color: 'orange' };
    case 'sold': {
      const to =
        state.high_bidder?.kind === 'online'
          ? state.high_bidder.user_id != null && state.high_bidder.user_id === userId
            ? 'to you'
            : 'to an online bidder'
          : state.high_bidder?.paddle
            ? `to the room (paddle ${state.high_bidder.paddle})`
            : 'to the room';
      return {
        title: `Sold for ${formatMK(state.high_bid)} ${to}`,
        text: 'The next lot will be opened shortly.',
        color: state.high_bidder?.user_id === userId && userId != null ? 'green' : 'blue',
      };
    }
    case 'passed':
      return { title: 'Passed (unsold)', text: 'The next lot will be opened shortly.', color: 'gray' };
    case 'paused':
      return { title: 'Paused', text: 'Bidding resumes when the auctioneer continues.', color: 'yellow' };
    default:
      return null;
  }
}

/**
 * Why the viewer cannot press the bid button now (shown in its place), or null when they can:
 * 'waiting' before the first lot, 'closed' once the lot is hammered, 'guest' (sign in),
 * 'not_approved' (register), 'paused', 'locked' (the room bids), 'offline' (reconnecting),
 * 'leading' (the viewer holds the high bid: nobody bids against themselves).
 */
export type BidBlock = 'waiting' | 'closed' | 'guest' | 'not_approved' | 'paused' | 'locked' | 'offline' | 'leading';

/** The first reason in {@link BidBlock}'s order that applies, or null. Source: issue 15 "The bidder's live room". */
export function bidBlock(state: LiveState, viewer: { user_id: number | null; can_bid: boolean } | null, live: boolean): BidBlock | null {
  if (!state.lot || state.status === 'waiting') return 'waiting';
  if (state.status === 'sold' || state.status === 'passed') return 'closed';
  if (!viewer || viewer.user_id == null) return 'guest';
  if (!viewer.can_bid) return 'not_approved';
  if (state.status === 'paused') return 'paused';
  if (state.online_locked) return 'locked';
  if (!live) return 'offline';
  if (!BIDDING_STATUSES.has(state.status) || state.asking == null) return 'closed';
  if (state.high_bidder?.kind === 'online' && state.high_bidder.user_id === viewer.user_id) return 'leading';
  return null;
}
