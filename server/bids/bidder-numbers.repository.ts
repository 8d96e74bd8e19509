import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * Bidders' numbers on a lot: 1 for the first user who bid on it, 2 for the next new bidder, and
 * so on (by each user's first bid). Stable: bids are never removed, so a number never changes.
 * `userIds` limits the answer to those users (all bidders when omitted).
 * @returns user id → bidder number.
 */
export async function bidderNumbers(db: Kysely<Database>, itemId: number, userIds?: number[]): Promise<Map<number, number>> {
  if (userIds && userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('bids')
        .select(['user_id', sql<number>`row_number() over (order by min(id))`.as('n')])
        .where('item_id', '=', itemId)
        .groupBy('user_id')
        .as('numbered'),
    )
    .select(['numbered.user_id', 'numbered.n'])
    .$if(userIds !== undefined, (q) => q.where('numbered.user_id', 'in', userIds!))
    .execute();
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.n)]));
}
