import { sql, type Kysely } from 'kysely';
import type { Bid, BidPagination } from '../../shared/schemas/bid.schema.js';
import type { Database } from '../db/types.js';
import { pageInfo } from '../http/pagination.js';

/**
 * Bids of an item, newest first. `limit` gives the latest N (timeline); otherwise `page` and
 * `perPage` with the spec's pagination (current_page, last_page, per_page, total, from, to).
 * Source: spec/shopping.md §7 `GET /api/open-item/{id}/bids`.
 */
export async function listItemBids(
  db: Kysely<Database>,
  itemId: number,
  opts: { page: number; perPage: number; limit?: number },
): Promise<{ data: Bid[]; pagination: BidPagination }> {
  const perPage = opts.limit ?? opts.perPage;
  const page = opts.limit ? 1 : opts.page;
  const offset = (page - 1) * perPage;
  const [rows, countRow] = await Promise.all([
    db
      .selectFrom('bids')
      .leftJoin('users', 'users.id', 'bids.user_id')
      .select(['bids.id', 'bids.item_id', 'bids.user_id', 'bids.bid_amount', 'bids.created_at', 'users.name as user_name'])
      .where('bids.item_id', '=', itemId)
      .orderBy('bids.bid_amount', 'desc')
      .orderBy('bids.id', 'desc')
      .limit(perPage)
      .offset(offset)
      .execute(),
    db.selectFrom('bids').select(sql<number>`count(*)`.as('n')).where('item_id', '=', itemId).executeTakeFirstOrThrow(),
  ]);
  const total = Number(countRow.n);
  const data: Bid[] = rows.map((r) => ({
    id: r.id,
    item_id: r.item_id,
    user_id: r.user_id,
    bid_amount: r.bid_amount,
    created_at: r.created_at.toISOString(),
    user: { name: r.user_name ?? null },
  }));
  return {
    data,
    pagination: pageInfo(total, page, perPage, data.length),
  };
}
