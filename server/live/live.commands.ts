import type { Kysely, Transaction } from 'kysely';
import { minimumNextBid, type IncrementBand } from '@shared/rules/bidding.js';
import { reserveMet } from '@shared/rules/bid-resolution.js';
import { clerkActionRefusal, kwacha, onlineBidRefusal, BIDDING_STATUSES, type ClerkAction } from '@shared/rules/live-sale.js';
import { LIVE_MESSAGES, type LiveAction, type LiveStatus } from '@shared/schemas/live-sale.schema.js';
import type { Database } from '../db/types.js';
import { bidPlacedEvent, domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { deleteOutboxRows } from '../events/event-log.repository.js';
import { AppError } from '../http/app-error.js';
import { placeBids } from '../bids/bids.commands.js';
import { retractBid } from '../bids/bidding-admin.commands.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import { invoiceWonLot } from '../auctions/auctions.commands.js';
import { findWinner, lockItemForClose, markItemClosed } from '../auctions/auctions.repository.js';
import {
  findBlockLots,
  findLastUndoable,
  findLiveSaleInfo,
  findLotsToOffer,
  findPressedKeys,
  pressKey,
  findRoomBidderId,
  insertLiveAction,
  insertRoomBid,
  lockLiveRoom,
  markActionUndone,
  reopenLot,
  saveLiveRoom,
  setBidPaddle,
  type BlockLot,
  type LiveRoomRow,
  type LiveSaleInfo,
} from './live.repository.js';

/** A clerk's action on a live sale: the action and what it carries (issue 15 "Contract"). */
export interface ClerkActionInput {
  saleId: number;
  action: LiveAction;
  /** `open`: the lot to put on the block (else the next unsold lot in order). */
  lotId?: number | null;
  /** `floor-bid`: the room bidder's paddle number. */
  paddle?: string | null;
  /** `message`: the text for bidders ('' clears it). */
  text?: string | null;
}

/** An online bid from the room page: the lot and amount (MWK) the bidder saw, and their idempotency key. */
export interface OnlineBidInput {
  saleId: number;
  lotId: number;
  amount: number;
  idempotencyKey: string;
}

/**
 * The answer to an online bid: accepted (and whether the bidder leads) or refused with the text to
 * show. An accepted bid also carries the room's new `seq`, the lot's high bid and asking price (MWK),
 * which the process's bid lane keeps to answer later presses at the old price at once.
 */
export type OnlineBidResult =
  { ok: true; leading: boolean; seq?: number; lot_id?: number; high_bid?: number; asking?: number } | { ok: false; message: string };

const conflict = (message: string) => new AppError(409, 'conflict', message);

/**
 * The sale as a live room: it exists (else 404 'Sale not found'), is a live auction and published
 * (else 409 LIVE_MESSAGES.notLiveSale).
 */
export async function requireLiveSale(db: Kysely<Database>, saleId: number): Promise<LiveSaleInfo> {
  const sale = await findLiveSaleInfo(db, saleId);
  if (!sale) throw AppError.notFound('Sale not found');
  if (sale.kind !== 'live' || !sale.published) throw conflict(LIVE_MESSAGES.notLiveSale);
  return sale;
}

/** The lot's label as the clerk says it: its lot number, else its id. */
const lotLabel = (lot: BlockLot | undefined) => (lot ? String(lot.lot_number ?? lot.id) : null);

/** The increment bands of a lot's sale, read now. */
async function lotBands(trx: Transaction<Database>, lot: BlockLot): Promise<IncrementBand[]> {
  return (await loadIncrementTables(trx)).for(lot.auction_type_id);
}

/**
 * Places a bid on the lot on the block through the bidding engine ({@link placeBids}, so maximum
 * bids left before the sale answer it automatically, up to their maximum) as a clerked lot: its
 * dates are not checked and the room bidder needs no registration. The engine's own outbox row is
 * dropped: the caller's command records the bids' events with its own.
 * @returns the stored bids' ids and events, and whether `userId` leads; or the refusal.
 */
async function placeOnBlock(
  trx: Transaction<Database>,
  actor: Actor,
  bid: { itemId: number; userId: number; amount: number; roomBidderId: number },
): Promise<
  | { ok: true; bidIds: number[]; events: DomainEvent[]; leading: boolean; ownBidId: number | null; price: number; minNext: number }
  | { ok: false; error: AppError }
> {
  const outcome = await placeBids(trx, actor, [{ itemId: bid.itemId, userId: bid.userId, amount: bid.amount }], { clerk: { roomBidderId: bid.roomBidderId } });
  const [first] = outcome.result;
  if (!first.ok) return { ok: false, error: first.error };
  if (outcome.recorded?.outboxId != null) await deleteOutboxRows(trx, [outcome.recorded.outboxId]);
  const bidEvents = outcome.events.filter((e) => e.type === 'bid.placed');
  return {
    ok: true,
    bidIds: bidEvents.map((e) => (e.type === 'bid.placed' ? e.payload.bid_id : 0)),
    events: outcome.events,
    leading: first.placed.leading,
    ownBidId: first.placed.bid?.id ?? null,
    price: first.placed.item.bid_amount,
    minNext: first.placed.item.min_next_bid,
  };
}

/**
 * Command: a clerk's action in a live sale (issue 15 "The clerk's console"), decided under the
 * room's row lock so actions and online bids take turns:
 * - `open` `{lot_id?}` / `next`: puts a lot on the block (the given unsold lot, else the next unsold
 *   lot in order), open for bids; the first action makes the sale clerked (its lots then close
 *   under the hammer, not by the clock);
 * - `floor-bid` `{paddle?}`: a room bid at the asking price (maximum bids left before the sale
 *   answer it automatically);
 * - `fair-warning`; `sold`: the lot to its high bid (an online winner's invoice exactly as an
 *   online close makes it; a room buyer settles in the yard); `pass`: unsold;
 * - `pause` / `resume`, `lock` / `unlock` (online bidding), `message` `{text}`;
 * - `undo`: the last action not yet undone (a bid is retracted, a pass reopened; a sale stays).
 * Every action moves `seq` on, is recorded (`live_actions`, with the room before it) and audited as
 * `live.changed`; a sale or pass is also `auction.closed`, a bid `bid.placed`.
 * @throws AppError 403 (not an operator), 404 (no such sale), 409 with the refusal's text
 *   (shared/rules/live-sale.ts: selling twice or without a bid, a floor bid while paused …).
 */
export async function runClerkAction(trx: Transaction<Database>, actor: Actor, input: ClerkActionInput): Promise<CommandOutcome<{ seq: number }>> {
  if (actor.type !== 'operator') throw AppError.forbidden();
  const sale = await requireLiveSale(trx, input.saleId);
  const room = (await lockLiveRoom(trx, sale.id, true))!;
  const roomBidderId = await findRoomBidderId(trx);
  const [lot] = room.lot_id != null ? await findBlockLots(trx, sale.id, [room.lot_id]) : [];
  const action = input.action as ClerkAction;
  if (action !== 'undo') {
    const refusal = clerkActionRefusal(action, {
      status: room.status,
      lotLabel: lotLabel(lot),
      hasBid: lot?.bid_amount != null && lot.leader_id != null,
      reserveMet: lot ? reserveMet(lot.bid_amount, lot.reserve_price) : null,
      reservePrice: lot?.reserve_price ?? null,
    });
    if (refusal) throw conflict(refusal);
  }

  const next: LiveRoomRow = { ...room };
  const events: DomainEvent[] = [];
  let bidIds: number[] = [];
  let amount: number | null = null;
  let paddle: string | null = null;
  let lotId: number | null = lot?.id ?? null;
  let undone: string | null = null;

  switch (action) {
    case 'open':
    case 'next': {
      let target: number | undefined;
      if (action === 'open' && input.lotId != null) {
        const [wanted] = await findBlockLots(trx, sale.id, [input.lotId]);
        if (!wanted || wanted.status !== 'available' || wanted.closed_by != null) throw conflict(LIVE_MESSAGES.lotNotInSale);
        target = wanted.id;
      } else {
        [target] = await findLotsToOffer(trx, sale.id, null, 1);
      }
      if (target == null) throw conflict(LIVE_MESSAGES.noLotsLeft);
      Object.assign(next, { status: 'open', lot_id: target, paused_from: null });
      lotId = target;
      break;
    }
    case 'floor-bid': {
      const block = lot!;
      const bands = await lotBands(trx, block);
      amount = minimumNextBid(block.bid_amount, block.target_amount, bands);
      paddle = input.paddle ?? null;
      if (block.leader_id === roomBidderId) {
        // Another paddle in the room over the room's last bid: the room keeps the lead.
        const stored = await insertRoomBid(trx, { itemId: block.id, roomBidderId, amount, paddle });
        bidIds = [stored.id];
        events.push(
          bidPlacedEvent({
            item_id: block.id,
            bid_id: stored.id,
            user_id: roomBidderId,
            user_name: 'The room',
            bid_amount: amount,
            created_at: stored.created_at.toISOString(),
            bid_count: stored.bid_count,
            min_next_bid: minimumNextBid(amount, block.target_amount, bands),
            date_to: null,
            previous_leader_id: roomBidderId,
            previous_amount: block.bid_amount,
            extended_from: null,
            automatic: false,
            leader_id: roomBidderId,
          }),
        );
      } else {
        const placed = await placeOnBlock(trx, actor, { itemId: block.id, userId: roomBidderId, amount, roomBidderId });
        if (!placed.ok) throw conflict(placed.error.message);
        if (placed.ownBidId != null) await setBidPaddle(trx, placed.ownBidId, paddle);
        bidIds = placed.bidIds;
        events.push(...placed.events);
      }
      next.status = 'open';
      break;
    }
    case 'fair-warning':
      next.status = 'fair_warning';
      break;
    case 'sold':
    case 'pass': {
      const item = await lockItemForClose(trx, lot!.id);
      if (!item || item.status !== 'available' || item.closed_by != null) throw conflict(LIVE_MESSAGES.hammered(lotLabel(lot) ?? '', 'closed'));
      let result: { status: 'sold' | 'unsold'; closed_by: number | null; order_id: number | null };
      if (action === 'pass') {
        await markItemClosed(trx, item.id, { status: 'unsold' });
        result = { status: 'unsold', closed_by: null, order_id: null };
      } else if (item.leader_id === roomBidderId) {
        await markItemClosed(trx, item.id, { status: 'sold', winnerId: roomBidderId });
        result = { status: 'sold', closed_by: roomBidderId, order_id: null };
      } else {
        const winner = await findWinner(trx, item.leader_id!);
        await markItemClosed(trx, item.id, { status: 'sold', winnerId: winner.id });
        const orderId = await invoiceWonLot(trx, { ...item, bid_amount: Number(item.bid_amount) }, winner);
        result = { status: 'sold', closed_by: winner.id, order_id: orderId };
      }
      amount = item.bid_amount == null ? null : Number(item.bid_amount);
      events.push(domainEvent('auction.closed', { type: 'item', id: item.id }, { item_id: item.id, ...result, bid_amount: amount }));
      next.status = action === 'sold' ? 'sold' : 'passed';
      break;
    }
    case 'pause':
      Object.assign(next, { status: 'paused', paused_from: room.status });
      break;
    case 'resume':
      Object.assign(next, { status: room.paused_from ?? 'waiting', paused_from: null });
      break;
    case 'lock':
    case 'unlock':
      next.online_locked = action === 'lock';
      break;
    case 'message':
      next.message = input.text?.trim() ? input.text.trim() : null;
      break;
    case 'undo': {
      const last = await findLastUndoable(trx, sale.id);
      if (!last) throw conflict(LIVE_MESSAGES.nothingToUndo);
      if (last.action === 'sold') throw conflict(LIVE_MESSAGES.soldStays);
      if ((last.action === 'floor-bid' || last.action === 'online-bid') && last.bid_ids.length > 0) {
        const retraction = await retractBid(trx, actor, { bidId: last.bid_ids[0], reason: 'Undone by the clerk' });
        events.push(...retraction.events);
      }
      if (last.action === 'pass' && last.lot_id != null) {
        await reopenLot(trx, last.lot_id);
        events.push(
          domainEvent(
            'item.updated',
            { type: 'item', id: last.lot_id },
            { item_id: last.lot_id, changes: { status: { before: 'unsold', after: 'available' } } },
          ),
        );
      }
      await markActionUndone(trx, last.id);
      Object.assign(next, {
        status: last.before.status,
        paused_from: last.before.paused_from,
        lot_id: last.before.lot_id,
        online_locked: last.before.online_locked,
        message: last.before.message,
      });
      lotId = last.lot_id;
      undone = last.action;
      break;
    }
  }

  const seq = await saveLiveRoom(trx, sale.id, next);
  await insertLiveAction(trx, {
    saleId: sale.id,
    seq,
    action,
    lotId,
    userId: null,
    paddle,
    amount,
    bidIds,
    before: room,
    idempotencyKey: null,
    createdBy: actor.id,
  });
  events.push(liveChanged(sale, seq, action, room, next, { lotId, amount, paddle, undone }));
  return { result: { seq }, events };
}

/** The audited `live.changed` event of a change to the room. */
function liveChanged(
  sale: LiveSaleInfo,
  seq: number,
  action: string,
  before: LiveRoomRow,
  after: LiveRoomRow,
  facts: { lotId: number | null; amount: number | null; paddle: string | null; undone?: string | null; userId?: number | null },
): DomainEvent {
  const pick = (r: LiveRoomRow) => ({ status: r.status, lot_id: r.lot_id, online_locked: r.online_locked, message: r.message });
  return domainEvent(
    'live.changed',
    { type: 'sale', id: sale.id },
    {
      sale_id: sale.id,
      name: sale.name,
      seq,
      action,
      lot_id: facts.lotId,
      amount: facts.amount,
      paddle: facts.paddle,
      user_id: facts.userId ?? null,
      undone: facts.undone ?? null,
      before: pick(before),
      after: pick(after),
    },
  );
}

/**
 * Command: an online bid from the live room (issue 15 "The bidder's live room"), as the signed-in
 * `actor`, at the asking price the bidder saw. Decided under the room's row lock, so of two bids at
 * the same asking price the first wins and the second is told `Another bid was taken first at MK
 * {amount}`. The same idempotency key answers the first outcome again without bidding twice. The
 * lot on the block must be `lotId` and take bids ({@link onlineBidRefusal}); the engine's rules
 * apply (approved registration for the sale, not blocked, spending limit; maximum bids answer).
 * An amount above the asking price (the price moved down by an Undo) bids the asking price.
 * Events: `bid.placed` per stored bid and `live.changed`. @returns accepted with whether the
 * bidder leads, or refused with the text to show (nothing stored).
 */
export async function placeOnlineBid(trx: Transaction<Database>, actor: Actor, input: OnlineBidInput): Promise<CommandOutcome<OnlineBidResult>> {
  if (actor.type !== 'user') return { result: { ok: false, message: LIVE_MESSAGES.signIn }, events: [] };
  const sale = await findLiveSaleInfo(trx, input.saleId);
  if (!sale || sale.kind !== 'live' || !sale.published) return { result: { ok: false, message: LIVE_MESSAGES.notLiveSale }, events: [] };
  const room = await lockLiveRoom(trx, sale.id, false);
  if (!room) return { result: { ok: false, message: LIVE_MESSAGES.notOpen }, events: [] };
  const [lot] = room.lot_id != null ? await findBlockLots(trx, sale.id, [room.lot_id]) : [];
  const repeat = (await findPressedKeys(trx, [{ userId: actor.id, key: input.idempotencyKey }])).get(pressKey(actor.id, input.idempotencyKey));
  if (repeat !== undefined) return { result: { ok: true, leading: lot != null && lot.id === repeat && lot.leader_id === actor.id }, events: [] };
  const refusal = onlineBidRefusal(room);
  if (refusal) return { result: { ok: false, message: refusal }, events: [] };
  if (!lot || lot.id !== input.lotId || lot.status !== 'available') return { result: { ok: false, message: LIVE_MESSAGES.notOpen }, events: [] };
  const asking = minimumNextBid(lot.bid_amount, lot.target_amount, await lotBands(trx, lot));
  if (input.amount < asking) return { result: { ok: false, message: LIVE_MESSAGES.takenFirst(kwacha(lot.bid_amount ?? input.amount)) }, events: [] };

  const roomBidderId = await findRoomBidderId(trx);
  const placed = await placeOnBlock(trx, actor, { itemId: lot.id, userId: actor.id, amount: asking, roomBidderId });
  if (!placed.ok) {
    const reason = placed.error.extra?.reason;
    return { result: { ok: false, message: reason === 'not_subscribed' ? LIVE_MESSAGES.notRegistered : placed.error.message }, events: [] };
  }
  const next: LiveRoomRow = { ...room, status: BIDDING_STATUSES.has(room.status) ? ('open' as LiveStatus) : room.status };
  const seq = await saveLiveRoom(trx, sale.id, next);
  await insertLiveAction(trx, {
    saleId: sale.id,
    seq,
    action: 'online-bid',
    lotId: lot.id,
    userId: actor.id,
    paddle: null,
    amount: asking,
    bidIds: placed.bidIds,
    before: room,
    idempotencyKey: input.idempotencyKey,
    createdBy: actor.id,
  });
  return {
    result: { ok: true, leading: placed.leading, seq, lot_id: lot.id, high_bid: placed.price, asking: placed.minNext },
    events: [...placed.events, liveChanged(sale, seq, 'online-bid', room, next, { lotId: lot.id, amount: asking, paddle: null, userId: actor.id })],
  };
}
