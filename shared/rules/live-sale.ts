import { LIVE_MESSAGES, type LiveStatus } from '../schemas/live-sale.schema.js';
import { groupDigits } from './money.js';

/**
 * The live room's rules (issue 15): which clerk action or online bid the room's state allows.
 * Pure; the server refuses with these texts (409) and the clerk's console and the bidder's room
 * use the same answers to enable their buttons.
 */

/** A clerk's action as the rule sees it (the HTTP action names of issue 15's contract). */
export type ClerkAction = 'open' | 'next' | 'floor-bid' | 'fair-warning' | 'sold' | 'pass' | 'pause' | 'resume' | 'lock' | 'unlock' | 'message' | 'undo';

/** What the rule needs of the room: its status, the lot on the block's label, whether it has a bid and whether the reserve is met (null: none). */
export interface LiveRoomFacts {
  status: LiveStatus;
  /** The lot on the block as the clerk names it (its lot number, else its id); null with no lot. */
  lotLabel: string | null;
  hasBid: boolean;
  reserveMet: boolean | null;
  reservePrice: number | null;
}

/** An amount as the room's texts quote it after "MK ": `1,250,000`. */
export function kwacha(amount: number): string {
  return groupDigits(String(Math.round(amount)));
}

/** Statuses in which the lot on the block takes bids. */
export const BIDDING_STATUSES: ReadonlySet<LiveStatus> = new Set(['open', 'fair_warning']);

/**
 * Why the clerk may not take `action` now, or null when it is allowed. Opening a lot (or the next
 * one) needs the lot on the block hammered (sold or passed) first; bids, fair warning, sold and
 * pass need an open lot; sold needs a bid that meets the reserve; nothing but resume, lock,
 * unlock, message and undo while paused. Undo's own check (is there anything to undo) is the
 * server's. Source: issue 15 "The clerk's console" and "Contract" (refused actions are 409).
 */
export function clerkActionRefusal(action: ClerkAction, room: LiveRoomFacts): string | null {
  const lot = room.lotLabel ?? '';
  if (action === 'lock' || action === 'unlock' || action === 'message' || action === 'undo') return null;
  if (action === 'resume') return room.status === 'paused' ? null : LIVE_MESSAGES.notPaused;
  if (action === 'pause') return room.status === 'paused' ? LIVE_MESSAGES.alreadyPaused : null;
  if (room.status === 'paused') return LIVE_MESSAGES.paused;
  if (action === 'open' || action === 'next') return BIDDING_STATUSES.has(room.status) ? LIVE_MESSAGES.stillOpen(lot) : null;
  if (room.status === 'sold') return LIVE_MESSAGES.hammered(lot, 'sold');
  if (room.status === 'passed') return LIVE_MESSAGES.hammered(lot, 'passed');
  if (!BIDDING_STATUSES.has(room.status)) return LIVE_MESSAGES.notOpen;
  if (action === 'fair-warning' && room.status === 'fair_warning') return LIVE_MESSAGES.fairWarningGiven;
  if (action === 'sold') {
    if (!room.hasBid) return LIVE_MESSAGES.noBidToSell(lot);
    if (room.reserveMet === false && room.reservePrice != null) return LIVE_MESSAGES.reserveNotMet(kwacha(room.reservePrice));
  }
  return null;
}

/**
 * Why an online bid may not be taken now (before its amount is checked), or null: the lot must be
 * open (or under fair warning), the sale not paused and online bidding not locked by the clerk.
 * Source: issue 15 "The bidder's live room".
 */
export function onlineBidRefusal(room: { status: LiveStatus; online_locked: boolean }): string | null {
  if (room.status === 'paused') return LIVE_MESSAGES.paused;
  if (!BIDDING_STATUSES.has(room.status)) return LIVE_MESSAGES.notOpen;
  if (room.online_locked) return LIVE_MESSAGES.onlineLocked;
  return null;
}
