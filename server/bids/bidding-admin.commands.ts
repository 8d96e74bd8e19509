import type { Transaction } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import { BIDDING_MESSAGES } from '@shared/messages/bidding.js';
import { recomputeLot } from '@shared/rules/bid-resolution.js';
import { minimumNextBid, normaliseBands, type IncrementBand } from '@shared/rules/bidding.js';
import type { Database } from '../db/types.js';
import { bidPlacedEvent, domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import {
  findBidTarget,
  getFlatIncrement,
  insertAutomaticBid,
  listLotBids,
  listLotMaximums,
  lockLotForRetraction,
  moveBidsToRetracted,
  saleExists,
  updateLotBidding,
} from './bidding-admin.repository.js';
import { bandsForSale, listIncrementBands, replaceIncrementBands } from './increments.repository.js';

/** Bidding administration is for operators only. @throws AppError 403 for any other actor. */
function requireOperator(actor: Actor): void {
  if (actor.type !== 'operator') throw AppError.forbidden();
}

/** What a retraction answers: the bids it took away and the lot's new price, leader and count. */
export interface RetractionResult {
  item_id: number;
  retracted_bid_ids: number[];
  bid_amount: number | null;
  leader_id: number | null;
  bid_count: number;
}

/**
 * Command: an operator retracts a bid with a reason. Taken away with it (moved to
 * `retracted_bids` with who, when and why): the same bidder's later bids on the lot, and every
 * automatic bid placed after it (they answered what no longer stands); the bidder's maximum on
 * the lot is removed. The lot's price and leader are then recomputed from the remaining bids and
 * maximums ({@link recomputeLot}), which may store one automatic bid for the new leader.
 * Only while the lot is open (not closed, sold, unsold or withdrawn).
 * Events: `bid.retracted` (audited), `bid.placed` for a new automatic bid, `item.updated`.
 * @throws AppError 403 (not an operator), 404 (no such bid), 422 (the lot has closed).
 * Source: issue "Bidding engine" (retraction).
 */
export async function retractBid(
  trx: Transaction<Database>,
  actor: Actor,
  input: { bidId: number; reason: string },
): Promise<CommandOutcome<RetractionResult>> {
  requireOperator(actor);
  const target = await findBidTarget(trx, input.bidId);
  if (!target) throw AppError.notFound(BIDDING_MESSAGES.bidNotFound);
  const item = await lockLotForRetraction(trx, target.item_id);
  if (item.closed_by != null || item.status !== 'available') throw AppError.validation({ bid: [MESSAGES.auctionEnded] }, MESSAGES.auctionEnded);

  const bids = await listLotBids(trx, item.id);
  const gone = bids.filter((b) => b.id === target.id || (b.id > target.id && (b.user_id === target.user_id || b.automatic))).map((b) => Number(b.id));
  const operatorId = actor.type === 'operator' ? actor.id : null;
  await moveBidsToRetracted(trx, { itemId: item.id, userId: target.user_id, bidIds: gone, operatorId, reason: input.reason });

  const remaining = bids
    .filter((b) => !gone.includes(Number(b.id)))
    .map((b) => ({ id: Number(b.id), userId: Number(b.user_id), amount: Number(b.bid_amount) }));
  const [maxima, bandRows, flat] = await Promise.all([listLotMaximums(trx, item.id), listIncrementBands(trx), getFlatIncrement(trx)]);
  const bands = bandsForSale(bandRows, item.auction_type_id, flat);
  const lot = { targetAmount: Number(item.target_amount), reservePrice: item.reserve_price == null ? null : Number(item.reserve_price) };
  const recomputed = recomputeLot(
    remaining,
    maxima.map((m) => ({ userId: Number(m.user_id), maxAmount: Number(m.max_amount), order: Number(m.set_order) })),
    lot,
    bands,
  );

  const events: DomainEvent[] = [];
  let count = remaining.length;
  for (const b of recomputed.bids) {
    const row = await insertAutomaticBid(trx, { itemId: item.id, userId: b.userId, amount: b.amount });
    count++;
    const top = remaining.at(-1);
    events.push(
      bidPlacedEvent({
        item_id: item.id,
        bid_id: row.id,
        user_id: b.userId,
        user_name: row.userName,
        bid_amount: b.amount,
        created_at: row.createdAt.toISOString(),
        bid_count: count,
        min_next_bid: minimumNextBid(b.amount, lot.targetAmount, bands),
        date_to: null,
        previous_leader_id: top?.userId ?? null,
        previous_amount: top?.amount ?? null,
        extended_from: null,
        automatic: true,
        leader_id: b.userId,
      }),
    );
  }
  const after = { bid_amount: recomputed.state.price, leader_id: recomputed.state.leaderId, bid_count: count };
  await updateLotBidding(trx, item.id, after);
  const before = { bid_amount: item.bid_amount == null ? null : Number(item.bid_amount), leader_id: item.leader_id, bid_count: item.bid_count };
  events.unshift(
    domainEvent(
      'bid.retracted',
      { type: 'item', id: item.id },
      { item_id: item.id, bid_ids: gone, user_id: Number(target.user_id), reason: input.reason, before, after },
    ),
  );
  events.push(
    domainEvent(
      'item.updated',
      { type: 'item', id: item.id },
      { item_id: item.id, changes: { bid_amount: { before: before.bid_amount, after: after.bid_amount } } },
    ),
  );
  return { result: { item_id: item.id, retracted_bid_ids: gone, ...after }, events };
}

/**
 * Command: an operator replaces an increment table (`auctionTypeId` null: the global one; an
 * empty list removes it). Bands are stored whole and ascending ({@link normaliseBands}: a band
 * from 0 is added when missing). Event `increments.changed` (audited).
 * @throws AppError 403 (not an operator), 422 `errors.auction_type_id` (no such sale).
 * Source: issue "Bidding engine" (increment bands).
 */
export async function setIncrementBands(
  trx: Transaction<Database>,
  actor: Actor,
  input: { auctionTypeId: number | null; bands: IncrementBand[] },
): Promise<CommandOutcome<{ auction_type_id: number | null; bands: IncrementBand[] }>> {
  requireOperator(actor);
  if (input.auctionTypeId != null) {
    if (!(await saleExists(trx, input.auctionTypeId))) throw AppError.validation({ auction_type_id: ['Choose a sale from the list.'] });
  }
  const bands = input.bands.length ? normaliseBands(input.bands) : [];
  const change = await replaceIncrementBands(trx, input.auctionTypeId, bands);
  return {
    result: { auction_type_id: input.auctionTypeId, bands },
    events: [
      domainEvent(
        'increments.changed',
        { type: 'setting', id: input.auctionTypeId },
        { auction_type_id: input.auctionTypeId, before: change.before, after: change.after },
      ),
    ],
  };
}
