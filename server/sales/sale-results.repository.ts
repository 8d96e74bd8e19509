import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** A sale's name and buyer's premium, or undefined when there is no such sale. */
export function findSaleTerms(db: Kysely<Database>, saleId: number) {
  return db.selectFrom('auction_types').select(['id', 'name', 'buyers_premium_percent']).where('id', '=', saleId).executeTakeFirst();
}

/** Every lot of a sale in lot order, with its outcome's facts and its buyer's name. */
export function listSaleResultRows(db: Kysely<Database>, saleId: number) {
  return db
    .selectFrom('items')
    .leftJoin('users as buyer', 'buyer.id', 'items.closed_by')
    .select([
      'items.id',
      'items.lot_number',
      'items.code',
      'items.name',
      'items.status',
      'items.closed_by',
      'items.bid_count',
      'items.bid_amount',
      'buyer.name as buyer_name',
    ])
    .where('items.auction_type_id', '=', saleId)
    .orderBy('items.lot_number')
    .orderBy('items.id')
    .execute();
}
