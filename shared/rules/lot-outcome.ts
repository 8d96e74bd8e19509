import { BIDDING_MESSAGES } from '../messages/bidding.js';

/**
 * How a closed lot ended, as one viewer sees it:
 * - `won`: sold to this viewer (`closed_by` is them);
 * - `sold`: sold to someone else;
 * - `not_sold_reserve`: closed unsold while this viewer held the top bid below the reserve;
 * - `not_sold`: closed unsold (or withdrawn), told to everyone else.
 */
export type LotOutcome = 'won' | 'sold' | 'not_sold_reserve' | 'not_sold';

/** What {@link lotOutcome} reads of a lot: its status, buyer and whether the reserve was met (null: no reserve; absent: not known). */
export interface LotOutcomeInput {
  status: string;
  closed_by: number | null;
  reserve_met?: boolean | null;
}

/**
 * The outcome of a lot for a viewer, or null while it is not closed. A lot is sold when
 * `closed_by` is set or its status is 'sold', and then Won only for the buyer (`closed_by` =
 * `viewerId`); a lot whose status is 'unsold' or 'withdrawn' was not sold, and its top bidder
 * (`wasTopBidder`: the viewer held the highest stored bid) is told the reserve was not met unless
 * `reserve_met` says it was. An unsold lot never reads as won or winning.
 * Source: issue "Bidding engine" ("Closed lots tell the truth"); spec/accounts-and-shell.md §4
 * (Won if closed_by equals the user).
 */
export function lotOutcome(lot: LotOutcomeInput, viewerId: number | null, wasTopBidder: boolean): LotOutcome | null {
  if (lot.closed_by != null || lot.status === 'sold') return viewerId != null && lot.closed_by === viewerId ? 'won' : 'sold';
  if (lot.status === 'unsold' || lot.status === 'withdrawn') return wasTopBidder && lot.reserve_met !== true ? 'not_sold_reserve' : 'not_sold';
  return null;
}

/** The words of an unsold outcome ('Reserve not met — not sold' / 'Ended — not sold'), else null. Source: shared/messages/bidding.ts. */
export function notSoldText(outcome: LotOutcome | null): string | null {
  if (outcome === 'not_sold_reserve') return BIDDING_MESSAGES.endedNotSoldReserve;
  if (outcome === 'not_sold') return BIDDING_MESSAGES.endedNotSold;
  return null;
}
