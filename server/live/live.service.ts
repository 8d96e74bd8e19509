import type { Kysely } from 'kysely';
import { minimumNextBid } from '@shared/rules/bidding.js';
import { reserveMet } from '@shared/rules/bid-resolution.js';
import { webcastOf } from '@shared/rules/webcast.js';
import type { LiveConsoleLot, LiveLot, LiveState } from '@shared/schemas/live-sale.schema.js';
import type { Database } from '../db/types.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import {
  findBlockLots,
  findLiveRoom,
  findLotsToOffer,
  findRoomBidderId,
  listConsoleLots,
  listLatestLotBids,
  type BlockLot,
  type LiveRoomRow,
  type LiveSaleInfo,
} from './live.repository.js';

/** Bids of the lot on the block a snapshot carries (newest first). */
const STREAM_LENGTH = 12;
/** Lots after the one on the block a snapshot names. */
const NEXT_LOTS = 4;

/** A room before a clerk first acted in it: waiting, seq 0. */
const WAITING: LiveRoomRow = { seq: 0, status: 'waiting', paused_from: null, lot_id: null, online_locked: false, message: null };

/** A lot as the room shows it; `operator` adds the reserve. */
function liveLot(lot: BlockLot, operator: boolean): LiveLot {
  return {
    id: lot.id,
    lot_number: lot.lot_number,
    name: lot.name,
    description: lot.description,
    picture: lot.pictures[0] ?? null,
    pictures: lot.pictures,
    target_amount: lot.target_amount,
    reserve_met: reserveMet(lot.bid_amount, lot.reserve_price),
    ...(operator ? { reserve_price: lot.reserve_price } : {}),
    status: lot.status,
  };
}

/**
 * The live room's state (issue 15 "Contract"), read now: the room as stored (waiting, seq 0, before
 * a clerk first acted), the lot on the block with its asking price (current bid + the sale's
 * increment band, or the starting amount + its band), high bid and holder (the room with its
 * latest paddle, or online), its latest bids and the next lots to offer. `operator` adds online
 * bidders' names and the reserve; others see "online" and the bidder's id only.
 */
export async function buildLiveState(db: Kysely<Database>, sale: LiveSaleInfo, operator: boolean): Promise<LiveState> {
  const [stored, roomBidderId] = await Promise.all([findLiveRoom(db, sale.id), findRoomBidderId(db)]);
  const room = stored ?? WAITING;
  // Read side by side: the lot on the block, the next lots, and the lot's bids and bands.
  const lotId = room.lot_id;
  const [[lot], nextLots, latest, tables] = await Promise.all([
    lotId != null ? findBlockLots(db, sale.id, [lotId]) : Promise.resolve([] as BlockLot[]),
    findLotsToOffer(db, sale.id, lotId, NEXT_LOTS).then((ids) => findBlockLots(db, sale.id, ids)),
    lotId != null ? listLatestLotBids(db, lotId, STREAM_LENGTH) : Promise.resolve([]),
    lotId != null ? loadIncrementTables(db) : Promise.resolve(null),
  ]);
  let asking: number | null = null;
  let highBidder: LiveState['high_bidder'] = null;
  let bids: LiveState['bids'] = [];
  if (lot) {
    asking = lot.status === 'available' && tables ? minimumNextBid(lot.bid_amount, lot.target_amount, tables.for(sale.id)) : null;
    if (lot.leader_id != null && lot.bid_amount != null) {
      highBidder =
        lot.leader_id === roomBidderId
          ? // The room leads: its bid is the lot's latest, with its paddle.
            { kind: 'room', paddle: latest.find((b) => b.user_id === roomBidderId)?.paddle ?? null, user_id: null, name: null }
          : { kind: 'online', paddle: null, user_id: lot.leader_id, name: operator ? lot.leader_name : null };
    }
    bids = latest.map((b) =>
      b.user_id === roomBidderId
        ? {
            id: b.id,
            amount: b.amount,
            kind: 'room',
            paddle: b.paddle,
            user_id: null,
            name: null,
            automatic: b.automatic,
            created_at: b.created_at.toISOString(),
          }
        : {
            id: b.id,
            amount: b.amount,
            kind: 'online',
            paddle: null,
            user_id: b.user_id,
            name: operator ? b.name : null,
            automatic: b.automatic,
            created_at: b.created_at.toISOString(),
          },
    );
  }
  return {
    sale_id: sale.id,
    seq: room.seq,
    sale: { id: sale.id, name: sale.name },
    lot: lot ? liveLot(lot, operator) : null,
    asking,
    high_bid: lot?.bid_amount ?? null,
    high_bidder: highBidder,
    status: room.status,
    online_locked: room.online_locked,
    message: room.message,
    bids,
    next_lots: nextLots.map((l) => liveLot(l, operator)),
    webcast: webcastOf(sale.webcast_url),
  };
}

/** The sale's lots in order as the clerk's console lists them: sold to "Paddle 12", "Room" or the online buyer's name. */
export async function listLiveConsoleLots(db: Kysely<Database>, saleId: number): Promise<LiveConsoleLot[]> {
  const roomBidderId = await findRoomBidderId(db);
  return (await listConsoleLots(db, saleId)).map((l) => ({
    id: l.id,
    lot_number: l.lot_number,
    name: l.name,
    picture: l.picture,
    target_amount: l.target_amount,
    bid_amount: l.bid_amount,
    status: l.status,
    sold_to:
      l.status !== 'sold' || l.closed_by == null
        ? null
        : l.closed_by === roomBidderId
          ? l.paddle
            ? `Paddle ${l.paddle}`
            : 'Room'
          : (l.buyer_name ?? 'Online'),
  }));
}
