import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * True when the user holds an active subscription to the auction type (the right to bid on
 * its live items). Source: spec/shopping.md §1 and §5 "Live items additionally need a subscription".
 */
export async function hasActiveSubscription(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  auctionTypeId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('auction_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('auction_type_id', '=', auctionTypeId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Boolean(row);
}
