import type { Logger } from 'pino';
import type { CommandRunner } from '../events/command-runner.js';
import { systemActor } from '../events/domain-events.js';
import { placeBids, type ItemBidRequest, type PlacedBid } from './bids.commands.js';

/** The actor of a batch; each of its bids names its bidder as the actor of its event. */
const BIDS_ACTOR = systemActor('bid-sequencer');

interface Waiting extends ItemBidRequest {
  resolve(placed: PlacedBid): void;
  reject(err: unknown): void;
}

/** Bids taken into one transaction at most. */
const MAX_BATCH = 500;
/**
 * Batches in flight at once; their items never overlap, so each item still has one writer. Two
 * rather than three: bids spread over many lots then gather into larger batches (fewer
 * statements a bid), and at 3,300 bids/s offered over 1,000 lots the acknowledgement's p99 was
 * lower with two (32–40 ms against 42–56 ms, three runs each, README "Performance").
 */
const MAX_CONCURRENT_BATCHES = 2;

/**
 * One writer per lot in this process: bids queue up in arrival order and are placed in batches
 * by the {@link placeBids} command, one transaction per batch whatever the lots, so the database
 * sees one writer per lot and few round trips. Up to {@link MAX_CONCURRENT_BATCHES} batches run
 * at once on DISJOINT sets of lots; a lot's bids wait while an earlier batch holds it. The
 * command runner records the batch's `bid.placed` events in its transaction and publishes them
 * in order after the commit (watchers see a lot's bids in commit order; the close job follows
 * through the after-commit reactions); only then are the batch's bidders answered and its lots
 * free again.
 */
export class BidSequencer {
  private queue: Waiting[] = [];
  private running = 0;
  private readonly busyItems = new Set<number>();

  constructor(private readonly deps: { runner: CommandRunner; logger?: Logger }) {}

  /**
   * Queues a bid and resolves once it is committed and published.
   * @throws the refusal's AppError (see {@link placeBids}), or a database error.
   */
  submit(itemId: number, request: { userId: number; amount: number; maxAmount?: number | null }): Promise<PlacedBid> {
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

  /** Places one batch (its events published by the runner), then settles its requests. */
  private async place(batch: Waiting[]): Promise<void> {
    try {
      const requests = batch.map(({ itemId, userId, amount, maxAmount }): ItemBidRequest => ({ itemId, userId, amount, maxAmount }));
      const outcomes = await this.deps.runner.run(placeBids, BIDS_ACTOR, requests);
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
