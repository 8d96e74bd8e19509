import type { CommittedEvent, CommittedEventOf } from '../events/domain-events.js';

type BidPlaced = CommittedEventOf<'bid.placed'>;

interface ItemLine {
  /** The bid_count expected next; null until the first event of the item is released. */
  next: number | null;
  pending: Map<number, BidPlaced>;
  timer: NodeJS.Timeout | null;
  seenAt: number;
}

/**
 * Puts each item's `bid.placed` events back in commit order before they reach sockets.
 * Several server processes commit an item's bids one after another (row locks), but publish
 * after their commits, so through Redis a later bid's event can arrive first. `bid_count`
 * numbers an item's bids 1, 2, 3 … without gaps, so each process releases them in that order:
 * an early event waits for the ones before it, at most `gapMs` (1 s: the other process may be
 * busy between its commit and its publish), after which what is held is released in order (a
 * lost event must not stall an item). The first event of an item this process sees waits
 * `firstMs` (150 ms) unless it is bid 1, in case earlier ones are still on the way.
 * Other events pass straight through. (Every watcher receives every bid in order.)
 */
export class BidEventOrder {
  private readonly lines = new Map<number, ItemLine>();

  constructor(
    private readonly release: (event: CommittedEvent) => void,
    private readonly gapMs = 1000,
    private readonly idleMs = 10 * 60_000,
    private readonly firstMs = 150,
  ) {}

  /** Takes an event from the bus; releases it now or once its predecessors are out. */
  accept(event: CommittedEvent): void {
    if (event.type !== 'bid.placed') {
      this.release(event);
      return;
    }
    const itemId = event.payload.item_id;
    const count = event.payload.bid_count;
    let line = this.lines.get(itemId);
    if (!line) {
      if (this.lines.size > 50_000) this.sweep();
      line = { next: null, pending: new Map(), timer: null, seenAt: Date.now() };
      this.lines.set(itemId, line);
    }
    line.seenAt = Date.now();
    if (line.next === null && count === 1) line.next = 1;
    if (line.next !== null && count < line.next) {
      // Older than what was released (after a gap was given up): late, but never dropped.
      this.release(event);
      return;
    }
    line.pending.set(count, event);
    this.flush(line);
    if (line.pending.size > 0 && !line.timer) {
      line.timer = setTimeout(() => this.giveUp(line!), line.next === null ? this.firstMs : this.gapMs);
      line.timer.unref();
    }
  }

  /** Releases held events while the next expected one is there. */
  private flush(line: ItemLine): void {
    if (line.next === null) return;
    while (line.pending.has(line.next)) {
      const e = line.pending.get(line.next)!;
      line.pending.delete(line.next);
      line.next++;
      this.release(e);
    }
    if (line.pending.size === 0 && line.timer) {
      clearTimeout(line.timer);
      line.timer = null;
    }
  }

  /** The wait is over: release what is held in count order and expect what follows it. */
  private giveUp(line: ItemLine): void {
    line.timer = null;
    const counts = [...line.pending.keys()].sort((a, b) => a - b);
    if (counts.length === 0) return;
    line.next = counts[0];
    this.flush(line);
    if (line.pending.size > 0 && !line.timer) {
      line.timer = setTimeout(() => this.giveUp(line), this.gapMs);
      line.timer.unref();
    }
  }

  /** Forgets items not heard of for `idleMs` (nothing held). */
  private sweep(): void {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, line] of this.lines) if (line.seenAt < cutoff && line.pending.size === 0) this.lines.delete(id);
  }

  /** Releases everything held (shutdown). */
  close(): void {
    for (const line of this.lines.values()) {
      if (line.timer) clearTimeout(line.timer);
      for (const c of [...line.pending.keys()].sort((a, b) => a - b)) this.release(line.pending.get(c)!);
      line.pending.clear();
    }
    this.lines.clear();
  }
}
