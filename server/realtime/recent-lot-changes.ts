import { REPLAY_WINDOW_MS } from '@shared/events.js';
import type { CommittedEvent } from '../events/domain-events.js';

/**
 * Which lots an event changes as a bidder sees them (`null`: possibly every lot, such as an
 * increment table or a setting that moves every lot's next minimum).
 */
export function lotsChangedBy(event: CommittedEvent): readonly number[] | null {
  switch (event.type) {
    case 'bid.placed':
    case 'bid.retracted':
    case 'auction.closed':
    case 'item.updated':
      return [event.payload.item_id];
    case 'order.placed':
    case 'order.status_changed':
      return event.payload.item_ids;
    case 'sale.closes_rescheduled':
      return event.payload.closes.map((c) => c.item_id);
    case 'sale.lots_reordered':
      return event.payload.after;
    case 'increments.changed':
    case 'setting.changed':
    case 'sale.updated':
      return null;
    default:
      return [];
  }
}

/**
 * This process's memory of when each lot last changed (the events it received from the bus, by
 * {@link lotsChangedBy}), for `keepMs` (the replay window, 10 minutes). Answers whether a copy
 * of a lot read at some moment may be out of date: a lot changed since, any change to every lot
 * since, or a moment older than what is remembered (before this process started, or beyond the
 * window) all say yes. Times are this process's clock, ms. Source: issue 17 "Live updates on a
 * poor connection" (a view that joins a lot's room with a copy read earlier gets what it missed).
 */
export class RecentLotChanges {
  /** Lot id → when it last changed, oldest first (a changed lot moves to the end). */
  private readonly changedAt = new Map<number, number>();
  private everyLotChangedAt = Number.NEGATIVE_INFINITY;
  private rememberedFrom: number;

  constructor(
    private readonly keepMs = REPLAY_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.rememberedFrom = now();
  }

  /** Notes the lots `event` changes (now). */
  note(event: CommittedEvent): void {
    const lots = lotsChangedBy(event);
    const at = this.now();
    if (lots === null) this.everyLotChangedAt = at;
    else {
      for (const id of lots) {
        this.changedAt.delete(id);
        this.changedAt.set(id, at);
      }
    }
    this.forgetBefore(at - this.keepMs);
  }

  /** True when lot `itemId` may have changed after `at` (ms, this process's clock). */
  changedSince(itemId: number, at: number): boolean {
    this.forgetBefore(this.now() - this.keepMs);
    if (at < this.rememberedFrom) return true;
    if (this.everyLotChangedAt > at) return true;
    return (this.changedAt.get(itemId) ?? Number.NEGATIVE_INFINITY) > at;
  }

  private forgetBefore(limit: number): void {
    if (limit <= this.rememberedFrom) return;
    for (const [id, at] of this.changedAt) {
      if (at >= limit) break;
      this.changedAt.delete(id);
    }
    this.rememberedFrom = limit;
  }
}
