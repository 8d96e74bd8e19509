import { sql, type Kysely } from 'kysely';
import type { LiveStatus } from '@shared/schemas/live-sale.schema.js';
import type { Database, MediaVariant } from '../db/types.js';

/** The e-mail of the account room (floor) bids are stored under (migration 2026_11_29_0100; it cannot sign in). */
export const ROOM_BIDDER_EMAIL = 'room@gavel.invalid';
const roomBidderIds = new WeakMap<object, number>();

/**
 * The id of the room bidder: the account a live sale's floor bids are stored under, their paddle
 * number beside each bid (issue 15). Cached per database. @throws when the migration has not run.
 */
export async function findRoomBidderId(db: Kysely<Database>): Promise<number> {
  const cached = roomBidderIds.get(db);
  if (cached != null) return cached;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', ROOM_BIDDER_EMAIL)
    .executeTakeFirstOrThrow();
  roomBidderIds.set(db, Number(row.id));
  return Number(row.id);
}

/** A sale as the live room needs it: its name, kind and whether it is published. */
export interface LiveSaleInfo {
  id: number;
  name: string;
  kind: string;
  published: boolean;
  /** The sale's webcast URL (issue 15), null for none. */
  webcast_url: string | null;
}

/** A live sale's room as stored (`live_sales`). */
export interface LiveRoomRow {
  seq: number;
  status: LiveStatus;
  paused_from: LiveStatus | null;
  lot_id: number | null;
  online_locked: boolean;
  message: string | null;
}

/** The sale, or undefined when there is no such sale. */
export async function findLiveSaleInfo(db: Kysely<Database>, saleId: number): Promise<LiveSaleInfo | undefined> {
  const row = await db
    .selectFrom('auction_types')
    .select(['id', 'name', 'type', 'webcast_url', sql<boolean>`published_at IS NOT NULL`.as('published')])
    .where('id', '=', saleId)
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name, kind: row.type, published: row.published, webcast_url: row.webcast_url ?? null } : undefined;
}

const roomColumns = ['seq', 'status', 'paused_from', 'lot_id', 'online_locked', 'message'] as const;

const toRoom = (row: {
  seq: number | string;
  status: string;
  paused_from: string | null;
  lot_id: number | string | null;
  online_locked: boolean;
  message: string | null;
}): LiveRoomRow => ({
  seq: Number(row.seq),
  status: row.status as LiveStatus,
  paused_from: row.paused_from as LiveStatus | null,
  lot_id: row.lot_id == null ? null : Number(row.lot_id),
  online_locked: row.online_locked,
  message: row.message,
});

/** The sale's room as stored, or undefined before a clerk first acted in it. */
export async function findLiveRoom(db: Kysely<Database>, saleId: number): Promise<LiveRoomRow | undefined> {
  const row = await db.selectFrom('live_sales').select(roomColumns).where('auction_type_id', '=', saleId).executeTakeFirst();
  return row ? toRoom(row) : undefined;
}

/**
 * Locks the sale's room (FOR UPDATE): every change to a live sale (clerk action or online bid) is
 * decided one after another here. With `create`, makes the room first when the sale has none (the
 * clerk's first action: from then on the sale's lots close under the hammer, not by the clock).
 * @returns the room, or undefined when it does not exist (and `create` is false).
 */
export async function lockLiveRoom(db: Kysely<Database>, saleId: number, create: boolean): Promise<LiveRoomRow | undefined> {
  if (create) {
    await db
      .insertInto('live_sales')
      .values({ auction_type_id: saleId, paused_from: null, lot_id: null, message: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const row = await db.selectFrom('live_sales').select(roomColumns).where('auction_type_id', '=', saleId).forUpdate().executeTakeFirst();
  return row ? toRoom(row) : undefined;
}

/** Writes the room's new state and moves its `seq` on by one. @returns the new seq. */
export async function saveLiveRoom(
  db: Kysely<Database>,
  saleId: number,
  room: Pick<LiveRoomRow, 'status' | 'paused_from' | 'lot_id' | 'online_locked' | 'message'>,
): Promise<number> {
  const row = await db
    .updateTable('live_sales')
    .set({ ...room, seq: sql`seq + 1`, updated_at: sql`now()` })
    .where('auction_type_id', '=', saleId)
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** One recorded action of a live sale. */
export interface LiveActionRow {
  id: number;
  seq: number;
  action: string;
  lot_id: number | null;
  user_id: number | null;
  bid_ids: number[];
  before: LiveRoomRow;
}

/** Records a clerk action or an accepted online bid, with the room before it (what Undo restores). */
export async function insertLiveAction(
  db: Kysely<Database>,
  action: {
    saleId: number;
    seq: number;
    action: string;
    lotId: number | null;
    userId: number | null;
    paddle: string | null;
    amount: number | null;
    bidIds: number[];
    before: LiveRoomRow;
    idempotencyKey: string | null;
    createdBy: number | null;
  },
): Promise<void> {
  await db
    .insertInto('live_actions')
    .values({
      auction_type_id: action.saleId,
      seq: action.seq,
      action: action.action,
      lot_id: action.lotId,
      user_id: action.userId,
      paddle: action.paddle,
      amount: action.amount,
      bid_ids: action.bidIds,
      before: JSON.stringify(action.before),
      idempotency_key: action.idempotencyKey,
      created_by: action.createdBy,
    })
    .execute();
}

/** The key of a press in {@link findPressedKeys}' answer: `userId:key`. */
export const pressKey = (userId: number, key: string) => `${userId}:${key}`;

/**
 * Which of these presses (bidder and idempotency key) were already made: each found, by
 * {@link pressKey}, with the lot it bid on.
 */
export async function findPressedKeys(db: Kysely<Database>, presses: { userId: number; key: string }[]): Promise<Map<string, number | null>> {
  if (presses.length === 0) return new Map();
  const rows = await db
    .selectFrom('live_actions')
    .select(['user_id', 'idempotency_key', 'lot_id'])
    .where('idempotency_key', 'in', [...new Set(presses.map((p) => p.key))])
    .where('user_id', 'in', [...new Set(presses.map((p) => p.userId))])
    .execute();
  return new Map(rows.map((r) => [pressKey(Number(r.user_id), r.idempotency_key ?? ''), r.lot_id == null ? null : Number(r.lot_id)]));
}

/** The sale's latest action not yet undone (Undo's own entries aside), or undefined. */
export async function findLastUndoable(db: Kysely<Database>, saleId: number): Promise<LiveActionRow | undefined> {
  const row = await db
    .selectFrom('live_actions')
    .select(['id', 'seq', 'action', 'lot_id', 'user_id', 'bid_ids', 'before'])
    .where('auction_type_id', '=', saleId)
    .where('undone_at', 'is', null)
    .where('action', '!=', 'undo')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    seq: Number(row.seq),
    action: row.action,
    lot_id: row.lot_id == null ? null : Number(row.lot_id),
    user_id: row.user_id == null ? null : Number(row.user_id),
    bid_ids: (row.bid_ids ?? []).map(Number),
    before: row.before as LiveRoomRow,
  };
}

/** Marks an action undone. */
export async function markActionUndone(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('live_actions')
    .set({ undone_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The lot on the block as the room shows and decides it. Amounts in whole MWK. */
export interface BlockLot {
  id: number;
  auction_type_id: number;
  lot_number: number | null;
  name: string;
  description: string | null;
  status: string;
  closed_by: number | null;
  bid_amount: number | null;
  bid_count: number;
  leader_id: number | null;
  leader_name: string | null;
  target_amount: number;
  reserve_price: number | null;
  pictures: string[];
}

/** A picture's URL for a phone-sized room: its 800 px WebP when stored, else its URL. */
function pictureUrl(m: { url: string; variants: MediaVariant[] | null }): string {
  const variants = m.variants ?? [];
  return (variants.find((v) => v.width >= 800) ?? variants.at(-1))?.webp ?? m.url;
}

/** The pictures of lots, cover first, by lot id. */
async function lotPictures(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('item_media')
    .select(['item_id', 'url', 'variants'])
    .where('item_id', 'in', ids)
    .orderBy('item_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.item_id)) ?? [];
    list.push(pictureUrl(r));
    out.set(Number(r.item_id), list);
  }
  return out;
}

/** Lots of a sale by id (with their leader's name and pictures); only the sale's own lots. */
export async function findBlockLots(db: Kysely<Database>, saleId: number, ids: number[]): Promise<BlockLot[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('items')
    .leftJoin('users as leader', 'leader.id', 'items.leader_id')
    .select([
      'items.id',
      'items.auction_type_id',
      'items.lot_number',
      'items.name',
      'items.description',
      'items.status',
      'items.closed_by',
      'items.bid_amount',
      'items.bid_count',
      'items.leader_id',
      'leader.name as leader_name',
      'items.target_amount',
      'items.reserve_price',
    ])
    .where('items.auction_type_id', '=', saleId)
    .where('items.id', 'in', ids)
    .execute();
  const pictures = await lotPictures(
    db,
    rows.map((r) => Number(r.id)),
  );
  const byId = new Map(
    rows.map((r): [number, BlockLot] => [
      Number(r.id),
      {
        id: Number(r.id),
        auction_type_id: Number(r.auction_type_id),
        lot_number: r.lot_number == null ? null : Number(r.lot_number),
        name: r.name,
        description: r.description,
        status: r.status,
        closed_by: r.closed_by == null ? null : Number(r.closed_by),
        bid_amount: r.bid_amount == null ? null : Number(r.bid_amount),
        bid_count: Number(r.bid_count),
        leader_id: r.leader_id == null ? null : Number(r.leader_id),
        leader_name: r.leader_name ?? null,
        target_amount: Number(r.target_amount),
        reserve_price: r.reserve_price == null ? null : Number(r.reserve_price),
        pictures: pictures.get(Number(r.id)) ?? [],
      },
    ]),
  );
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * Ids of the sale's lots still to offer (available, not withdrawn or hammered), in lot order, the
 * lot `exceptId` left out; at most `limit`.
 */
export async function findLotsToOffer(db: Kysely<Database>, saleId: number, exceptId: number | null, limit: number): Promise<number[]> {
  let q = db.selectFrom('items').select('id').where('auction_type_id', '=', saleId).where('status', '=', 'available').where('closed_by', 'is', null);
  if (exceptId != null) q = q.where('id', '!=', exceptId);
  const rows = await q
    .orderBy(sql`lot_number NULLS LAST`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** A bid of the lot on the block as the room lists it. */
export interface LiveBidRow {
  id: number;
  amount: number;
  user_id: number;
  name: string | null;
  paddle: string | null;
  automatic: boolean;
  created_at: Date;
}

/** The lot's latest bids, newest first (at most `limit`). */
export async function listLatestLotBids(db: Kysely<Database>, itemId: number, limit: number): Promise<LiveBidRow[]> {
  const rows = await db
    .selectFrom('bids')
    .innerJoin('users', 'users.id', 'bids.user_id')
    .select(['bids.id', 'bids.bid_amount', 'bids.user_id', 'users.name', 'bids.paddle', 'bids.automatic', 'bids.created_at'])
    .where('bids.item_id', '=', itemId)
    .orderBy('bids.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    amount: Number(r.bid_amount),
    user_id: Number(r.user_id),
    name: r.name,
    paddle: r.paddle,
    automatic: r.automatic,
    created_at: new Date(r.created_at),
  }));
}

/**
 * Stores a room bid over a room bid (another paddle in the room outbids the room's last): the bid
 * row with its paddle, and the lot's price and bid count (the room stays the leader).
 * @returns the bid's id, time and the lot's new bid count.
 */
export async function insertRoomBid(
  db: Kysely<Database>,
  bid: { itemId: number; roomBidderId: number; amount: number; paddle: string | null },
): Promise<{ id: number; created_at: Date; bid_count: number }> {
  const row = await db
    .insertInto('bids')
    .values({ item_id: bid.itemId, user_id: bid.roomBidderId, bid_amount: bid.amount, automatic: false, paddle: bid.paddle })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const item = await db
    .updateTable('items')
    .set({ bid_amount: bid.amount, bid_count: sql`bid_count + 1`, updated_at: sql`now()` })
    .where('id', '=', bid.itemId)
    .returning('bid_count')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), created_at: new Date(row.created_at), bid_count: Number(item.bid_count) };
}

/** Writes a room bid's paddle number on its bid row. */
export async function setBidPaddle(db: Kysely<Database>, bidId: number, paddle: string | null): Promise<void> {
  if (paddle == null) return;
  await db.updateTable('bids').set({ paddle }).where('id', '=', bidId).execute();
}

/** Puts a passed lot back on offer (Undo of Pass): available again, not closed. */
export async function reopenLot(db: Kysely<Database>, itemId: number): Promise<void> {
  await db
    .updateTable('items')
    .set({ status: 'available', closed_by: null, closed_at: null, updated_at: sql`now()` })
    .where('id', '=', itemId)
    .execute();
}

/** A lot of the sale as the clerk's console lists it, in order, with whom it was sold to. */
export interface ConsoleLotRow {
  id: number;
  lot_number: number | null;
  name: string;
  target_amount: number;
  bid_amount: number | null;
  status: string;
  closed_by: number | null;
  buyer_name: string | null;
  paddle: string | null;
}

/** Every lot of the sale (withdrawn ones aside) in lot order, for the console. */
export async function listConsoleLots(db: Kysely<Database>, saleId: number): Promise<(ConsoleLotRow & { picture: string | null })[]> {
  const rows = await db
    .selectFrom('items')
    .leftJoin('users as buyer', 'buyer.id', 'items.closed_by')
    .select([
      'items.id',
      'items.lot_number',
      'items.name',
      'items.target_amount',
      'items.bid_amount',
      'items.status',
      'items.closed_by',
      'buyer.name as buyer_name',
      sql<string | null>`(SELECT b.paddle FROM bids b WHERE b.item_id = items.id AND b.user_id = items.closed_by ORDER BY b.id DESC LIMIT 1)`.as('paddle'),
    ])
    .where('items.auction_type_id', '=', saleId)
    .where('items.status', '!=', 'withdrawn')
    .orderBy(sql`items.lot_number NULLS LAST`)
    .orderBy('items.id')
    .execute();
  const pictures = await lotPictures(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    lot_number: r.lot_number == null ? null : Number(r.lot_number),
    name: r.name,
    target_amount: Number(r.target_amount),
    bid_amount: r.bid_amount == null ? null : Number(r.bid_amount),
    status: r.status,
    closed_by: r.closed_by == null ? null : Number(r.closed_by),
    buyer_name: r.buyer_name ?? null,
    paddle: r.paddle ?? null,
    picture: pictures.get(Number(r.id))?.[0] ?? null,
  }));
}
