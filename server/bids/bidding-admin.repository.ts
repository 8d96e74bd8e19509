import { sql, type Kysely } from 'kysely';
import { normaliseIncrement } from '@shared/rules/bidding.js';
import type { Database } from '../db/types.js';

/** A bid's id, lot and bidder; undefined when there is no such bid. */
export async function findBidTarget(db: Kysely<Database>, bidId: number) {
  return db.selectFrom('bids').select(['id', 'item_id', 'user_id']).where('id', '=', bidId).executeTakeFirst();
}

/** Locks a lot (FOR UPDATE) and reads what a retraction recomputes from. */
export async function lockLotForRetraction(db: Kysely<Database>, itemId: number) {
  return db
    .selectFrom('items')
    .select(['id', 'status', 'closed_by', 'bid_amount', 'leader_id', 'bid_count', 'target_amount', 'reserve_price', 'auction_type_id'])
    .where('id', '=', itemId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** A lot's bids, oldest first. */
export async function listLotBids(db: Kysely<Database>, itemId: number) {
  return db.selectFrom('bids').select(['id', 'user_id', 'bid_amount', 'automatic']).where('item_id', '=', itemId).orderBy('id').execute();
}

/** A lot's standing maximums. */
export async function listLotMaximums(db: Kysely<Database>, itemId: number) {
  return db.selectFrom('maximum_bids').select(['user_id', 'max_amount', 'set_order']).where('item_id', '=', itemId).execute();
}

/**
 * Moves bids to `retracted_bids` (with who retracted them and why) in one statement, and removes
 * the bidder's maximum on the lot.
 */
export async function moveBidsToRetracted(
  db: Kysely<Database>,
  input: { itemId: number; userId: number; bidIds: number[]; operatorId: number | null; reason: string },
): Promise<void> {
  await sql`
    WITH moved AS (DELETE FROM bids WHERE id = ANY(${`{${input.bidIds.join(',')}}`}::bigint[]) RETURNING *)
    INSERT INTO retracted_bids (id, item_id, user_id, bid_amount, automatic, max_amount, created_at, retracted_by, reason)
    SELECT id, item_id, user_id, bid_amount, automatic, max_amount, created_at, ${input.operatorId}::bigint, ${input.reason} FROM moved
  `.execute(db);
  await db.deleteFrom('maximum_bids').where('item_id', '=', input.itemId).where('user_id', '=', input.userId).execute();
}

/** Stores an automatic bid. @returns its id, time and the bidder's name. */
export async function insertAutomaticBid(db: Kysely<Database>, bid: { itemId: number; userId: number; amount: number }) {
  const row = await db
    .insertInto('bids')
    .values({ item_id: bid.itemId, user_id: bid.userId, bid_amount: bid.amount, automatic: true })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('name').where('id', '=', bid.userId).executeTakeFirst();
  return { id: Number(row.id), createdAt: new Date(row.created_at), userName: user?.name ?? null };
}

/** Writes a lot's recomputed price, leader and bid count. */
export async function updateLotBidding(
  db: Kysely<Database>,
  itemId: number,
  state: { bid_amount: number | null; leader_id: number | null; bid_count: number },
) {
  await db
    .updateTable('items')
    .set({ bid_amount: state.bid_amount, leader_id: state.leader_id, bid_count: state.bid_count, updated_at: new Date() })
    .where('id', '=', itemId)
    .execute();
}

/** The flat increment setting `auction_bid_increment` (minimum 1, default 1). Source: spec/shopping.md §9. */
export async function getFlatIncrement(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'auction_bid_increment').executeTakeFirst();
  return normaliseIncrement(row?.value ?? 1);
}

/** Whether a sale (auction type) exists. */
export async function saleExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('auction_types').select('id').where('id', '=', id).executeTakeFirst()) != null;
}

/** A lot's sale (auction type id); undefined when the lot does not exist. */
export async function findLotSale(db: Kysely<Database>, itemId: number): Promise<number | undefined> {
  return (await db.selectFrom('items').select('auction_type_id').where('id', '=', itemId).executeTakeFirst())?.auction_type_id;
}

/** The sales that take bids (online and live), for the increment tables screen. */
export async function listBiddingSales(db: Kysely<Database>) {
  return db.selectFrom('auction_types').select(['id', 'name', 'type']).where('type', '!=', 'cash').orderBy('id').execute();
}

/**
 * A lot's bids for operators: every stored bid with `automatic` and `max_amount` (newest first,
 * at most 200), each bidder's standing maximum, and the retracted bids with why.
 */
export async function listLotBidsForOperators(db: Kysely<Database>, itemId: number) {
  const [bids, maximums, retracted] = await Promise.all([
    db
      .selectFrom('bids')
      .leftJoin('users', 'users.id', 'bids.user_id')
      .select(['bids.id', 'bids.user_id', 'users.name as user_name', 'bids.bid_amount', 'bids.automatic', 'bids.max_amount', 'bids.created_at'])
      .where('bids.item_id', '=', itemId)
      .orderBy('bids.id', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('maximum_bids')
      .leftJoin('users', 'users.id', 'maximum_bids.user_id')
      .select(['maximum_bids.user_id', 'users.name as user_name', 'maximum_bids.max_amount', 'maximum_bids.updated_at'])
      .where('maximum_bids.item_id', '=', itemId)
      // A maximum a later plain bid of the same bidder passed no longer stands (their bid does).
      .where(
        'maximum_bids.max_amount',
        '>=',
        sql<number>`coalesce((SELECT max(b.bid_amount) FROM bids b WHERE b.item_id = maximum_bids.item_id AND b.user_id = maximum_bids.user_id), 0)`,
      )
      .orderBy('maximum_bids.max_amount', 'desc')
      .execute(),
    db
      .selectFrom('retracted_bids')
      .select(['id', 'user_id', 'bid_amount', 'automatic', 'retracted_at', 'reason'])
      .where('item_id', '=', itemId)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return { data: bids, maximums, retracted };
}
