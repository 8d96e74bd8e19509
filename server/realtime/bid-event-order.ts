import type { CommittedEvent, CommittedEventOf } from '../events/domain-events.js';

type BidPlaced = CommittedEventOf<'bid.placed'>;

interface ItemLine {
  itemId: number;
  /** The bid_count expected next; null until the first event of the item is released. */
  next: number | null;
  pending: Map<number, BidPlaced>;
  timer: NodeJS.Timeout | null;
  seenAt: number;
  /** A refetch of missing events is under way (what arrives meanwhile waits). */
  fetching: boolean;
}

/**
 * Reads an item's `bid.placed` events from the database (the bids are their own log): those
 * numbered `fromCount` to `toCount` (null: to the last), oldest first, leaving out any this
 * process has already delivered.
 */
export type BidEventRefetch = (itemId: number, fromCount: number, toCount: number | null) => Promise<CommittedEvent[]>;

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
 * With `refetch`, a gap is not given up but filled from the database, and {@link catchUp}
 * (called when the bus's subscription came back after a lost connection) reads every bid an
 * item has had since the last one released: events lost on the way between processes still
 * reach the watchers, in order. Source: issue 18 (fault 5).
 */
export class BidEventOrder {
  private readonly lines = new Map<number, ItemLine>();

  constructor(
    private readonly release: (event: CommittedEvent) => void,
    private readonly gapMs = 1000,
    private readonly idleMs = 10 * 60_000,
    private readonly firstMs = 150,
    private readonly refetch?: BidEventRefetch,
    private readonly onError?: (err: unknown) => void,
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
      line = { itemId, next: null, pending: new Map(), timer: null, seenAt: Date.now(), fetching: false };
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
    if (line.fetching) return;
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

  /**
   * The wait is over: with `refetch`, read the missing events first; then release what is held
   * in count order and expect what follows it.
   */
  private giveUp(line: ItemLine): void {
    line.timer = null;
    const counts = [...line.pending.keys()].sort((a, b) => a - b);
    if (counts.length === 0) return;
    if (this.refetch && line.next !== null && counts[0] > line.next && !line.fetching) {
      void this.fill(line, line.next, counts[0] - 1).then(() => this.releaseHeld(line));
      return;
    }
    this.releaseHeld(line);
  }

  /** Releases what is held from its lowest count on, and waits again if a gap remains. */
  private releaseHeld(line: ItemLine): void {
    const counts = [...line.pending.keys()].sort((a, b) => a - b);
    if (counts.length === 0) return;
    if (line.next === null || counts[0] > line.next) line.next = counts[0];
    this.flush(line);
    if (line.pending.size > 0 && !line.timer) {
      line.timer = setTimeout(() => this.giveUp(line), this.gapMs);
      line.timer.unref();
    }
  }

  /**
   * Tells the order where an item's sequence stands when this process starts watching it (a
   * socket joined its room): the next event expected is `nextCount`, so even the first events
   * this process hears of are checked for gaps. Ignored once the item's sequence is known.
   */
  expect(itemId: number, nextCount: number): void {
    let line = this.lines.get(itemId);
    if (!line) {
      line = { itemId, next: null, pending: new Map(), timer: null, seenAt: Date.now(), fetching: false };
      this.lines.set(itemId, line);
    }
    if (line.next !== null) return;
    line.next = nextCount;
    for (const count of [...line.pending.keys()])
      if (count < nextCount) {
        this.release(line.pending.get(count)!);
        line.pending.delete(count);
      }
    if (line.fetching) return;
    this.flush(line);
  }

  /** Reads events `from`..`to` of the line's item into its pending set (errors are reported, not thrown). */
  private async fill(line: ItemLine, from: number, to: number | null): Promise<void> {
    line.fetching = true;
    try {
      for (const e of await this.refetch!(line.itemId, from, to)) {
        if (e.type === 'bid.placed' && (line.next === null || e.payload.bid_count >= line.next)) line.pending.set(e.payload.bid_count, e);
      }
    } catch (err) {
      this.onError?.(err);
    } finally {
      line.fetching = false;
    }
  }

  /**
   * After events may have been lost (the bus reconnected): for every item this process has
   * released bids of, reads the ones after the last released from the database and releases
   * them in order, with anything held. @returns once every item is done.
   */
  async catchUp(): Promise<void> {
    if (!this.refetch) return;
    await Promise.all(
      [...this.lines.values()]
        .filter((line) => line.next !== null && !line.fetching)
        .map(async (line) => {
          await this.fill(line, line.next!, null);
          this.flush(line);
          if (line.pending.size > 0 && !line.timer) {
            line.timer = setTimeout(() => this.giveUp(line), this.gapMs);
            line.timer.unref();
          }
        }),
    );
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
