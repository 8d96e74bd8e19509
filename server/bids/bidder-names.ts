import type { Kysely } from 'kysely';
import { maskBidderName, seesFullBidderName, type BidViewer } from '@shared/rules/bidder-name.js';
import type { Database } from '../db/types.js';
import { getMaskBidderNames } from '../settings/settings.repository.js';
import { bidderNumbers } from './bidder-numbers.repository.js';

/** A bid as bid histories carry it: its bidder's id and `user.name`. */
interface NamedBid {
  user_id: number;
  user: { name: string | null } | null;
}

/**
 * A lot's bids with each bidder's name as `viewer` may see it: unchanged unless the operators'
 * setting `mask_bidder_names` is on; then others' names are masked with their bidder number on
 * the lot (shared/rules/bidder-name.ts), the viewer's own and everyone's for operators in full.
 * Source: issue 20 item 8.
 */
export async function bidsWithNamesFor<B extends NamedBid>(db: Kysely<Database>, itemId: number, bids: B[], viewer: BidViewer): Promise<B[]> {
  if (viewer.operator || bids.length === 0 || !(await getMaskBidderNames(db))) return bids;
  const others = [...new Set(bids.filter((b) => !seesFullBidderName(viewer, b.user_id, true)).map((b) => b.user_id))];
  const numbers = await bidderNumbers(db, itemId, others);
  return bids.map((b) =>
    seesFullBidderName(viewer, b.user_id, true) ? b : { ...b, user: { name: maskBidderName(b.user?.name, numbers.get(b.user_id) ?? 0) } },
  );
}
