import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import { findItemById } from '../items/items.repository.js';
import type { JobScheduler } from '../jobs/job-scheduler.js';
import type { EventBus } from '../realtime/bus.js';
import { getBidIncrement } from '../settings/settings.repository.js';
import { placeBids, type BidRequest, type PlacedBid } from './bids.service.js';

interface Waiting extends BidRequest {
  resolve(placed: PlacedBid): void;
  reject(err: unknown): void;
}

/** Bids taken into one transaction at most. */
const MAX_BATCH = 256;

/**
 * One writer per item in this process (issue 8): bids on an item queue up in arrival order and
 * are placed in batches by {@link placeBids} — one transaction per batch instead of one per
 * bid, and no lock waits between this process's requests. After each commit, in order, it
 * publishes `bid.placed` for every accepted bid (so watchers see an item's bids in commit
 * order), `item.updated` when soft close moved the end time, and (re)schedules the close.
 * Only then does the next batch of that item start. Items are independent of each other.
 */
export class BidSequencer {
  private readonly queues = new Map<number, Waiting[]>();
  private readonly scheduledClose = new Map<number, number>();

  constructor(
    private readonly deps: { db: Kysely<Database>; bus: EventBus; jobs?: JobScheduler; logger?: Logger },
  ) {}

  /**
   * Queues a bid and resolves once it is committed and published.
   * @throws the refusal's AppError (see {@link placeBids}), or a database error.
   */
  submit(itemId: number, request: BidRequest): Promise<PlacedBid> {
    return new Promise<PlacedBid>((resolve, reject) => {
      const queue = this.queues.get(itemId);
      const waiting: Waiting = { ...request, resolve, reject };
      if (queue) {
        queue.push(waiting);
        return;
      }
      this.queues.set(itemId, [waiting]);
      void this.drain(itemId);
    });
  }

  private async drain(itemId: number): Promise<void> {
    const queue = this.queues.get(itemId)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await placeBids(this.deps.db, itemId, batch);
        let extended = false;
        let lastDateTo: string | null = null;
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
          if (p.extendedFrom) extended = true;
          lastDateTo = p.item.date_to;
        }
        if (extended) {
          const item = await findItemById(this.deps.db, itemId, await getBidIncrement(this.deps.db));
          if (item) await this.deps.bus.publish({ type: 'item.updated', payload: item });
        }
        if (lastDateTo) await this.scheduleClose(itemId, new Date(lastDateTo));
        for (let i = 0; i < batch.length; i++) {
          const o = outcomes[i];
          if (o.ok) batch[i].resolve(o.placed);
          else batch[i].reject(o.error);
        }
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.queues.delete(itemId);
  }

  /** (Re)schedules the item's close when its end time changed since this process last did. */
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
