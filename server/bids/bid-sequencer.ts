import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import { findItemById } from '../items/items.repository.js';
import type { JobScheduler } from '../jobs/job-scheduler.js';
import type { EventBus } from '../realtime/bus.js';
import { getBidIncrement } from '../settings/settings.repository.js';
import { placeBidBatch, type ItemBidRequest, type PlacedBid } from './bids.service.js';

interface Waiting extends ItemBidRequest {
  resolve(placed: PlacedBid): void;
  reject(err: unknown): void;
}

/** Bids taken into one transaction at most. */
const MAX_BATCH = 500;
/** Batches in flight at once; their items never overlap, so each item still has one writer. */
const MAX_CONCURRENT_BATCHES = 3;

/**
 * One writer per item in this process (issue 8): bids queue up in arrival order and are placed
 * in batches by {@link placeBidBatch} — one transaction per batch, whatever the items, instead
 * of one per bid, so the database sees one writer per item and few round trips. Up to
 * {@link MAX_CONCURRENT_BATCHES} batches run at once on DISJOINT sets of items; an item's bids
 * wait while an earlier batch holds that item. After each commit, in order, it publishes
 * `bid.placed` for every accepted bid (watchers see an item's bids in commit order),
 * `item.updated` when soft close moved an end time, and (re)schedules closes; only then are
 * that batch's items free again.
 */
export class BidSequencer {
  private queue: Waiting[] = [];
  private running = 0;
  private readonly busyItems = new Set<number>();
  private readonly scheduledClose = new Map<number, number>();

  constructor(private readonly deps: { db: Kysely<Database>; bus: EventBus; jobs?: JobScheduler; logger?: Logger }) {}

  /**
   * Queues a bid and resolves once it is committed and published.
   * @throws the refusal's AppError (see {@link placeBidBatch}), or a database error.
   */
  submit(itemId: number, request: { userId: number; amount: number }): Promise<PlacedBid> {
    return new Promise<PlacedBid>((resolve, reject) => {
      this.queue.push({ itemId, ...request, resolve, reject });
      this.pump();
    });
  }

  /** Starts batches while there is room and queued bids on items no batch holds. */
  private pump(): void {
    while (this.running < MAX_CONCURRENT_BATCHES && this.queue.length > 0) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.running++;
      void this.place(batch).finally(() => {
        for (const w of batch) this.busyItems.delete(w.itemId);
        this.running--;
        this.pump();
      });
    }
  }

  /** Takes, in arrival order, up to MAX_BATCH queued bids whose items no running batch holds. */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const w of this.queue) {
      if (batch.length < MAX_BATCH && !this.busyItems.has(w.itemId)) batch.push(w);
      else rest.push(w);
    }
    for (const w of batch) this.busyItems.add(w.itemId);
    this.queue = rest;
    return batch;
  }

  /** Places one batch, publishes its events in order, then settles its requests. */
  private async place(batch: Waiting[]): Promise<void> {
    {
      try {
        const outcomes = await placeBidBatch(this.deps.db, batch);
        const extended = new Set<number>();
        const lastDateTo = new Map<number, string | null>();
        for (let i = 0; i < batch.length; i++) {
          const o = outcomes[i];
          if (!o.ok) continue;
          const p = o.placed;
          await this.deps.bus.publish({
            type: 'bid.placed',
            payload: { item_id: p.item.id, bid: p.bid, bid_amount: p.item.bid_amount, bid_count: p.item.bid_count, min_next_bid: p.item.min_next_bid, date_to: p.item.date_to },
            previousLeaderId: p.previousLeaderId,
            previousAmount: p.previousAmount,
          });
          if (p.extendedFrom) extended.add(p.item.id);
          lastDateTo.set(p.item.id, p.item.date_to);
        }
        if (extended.size) {
          const increment = await getBidIncrement(this.deps.db);
          for (const id of extended) {
            const item = await findItemById(this.deps.db, id, increment);
            if (item) await this.deps.bus.publish({ type: 'item.updated', payload: item });
          }
        }
        for (const [id, dateTo] of lastDateTo) if (dateTo) await this.scheduleClose(id, new Date(dateTo));
        for (let i = 0; i < batch.length; i++) {
          const o = outcomes[i];
          if (o.ok) batch[i].resolve(o.placed);
          else batch[i].reject(o.error);
        }
      } catch (err) {
        this.deps.logger?.error({ err, bids: batch.length }, 'bid batch failed');
        for (const w of batch) w.reject(err);
      }
    }
  }

  /** (Re)schedules an item's close when its end time changed since this process last did. */
  private async scheduleClose(itemId: number, dateTo: Date): Promise<void> {
    if (!this.deps.jobs) return;
    const previous = this.scheduledClose.get(itemId);
    if (previous === dateTo.getTime()) return;
    this.scheduledClose.set(itemId, dateTo.getTime());
    if (this.scheduledClose.size > 50_000) this.scheduledClose.clear();
    // The bids are committed: a scheduling failure (Redis away) is logged; the sweep closes it.
    await this.deps.jobs
      .scheduleAuctionClose(itemId, dateTo, previous === undefined ? null : new Date(previous))
      .catch((err: unknown) => this.deps.logger?.error({ err, item_id: itemId }, 'could not schedule the auction close'));
  }
}
