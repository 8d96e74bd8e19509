import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { LatencyHistogram } from './histogram.js';

/** Milliseconds on a clock shared by threads (epoch-based, sub-millisecond). */
export const clockMs = () => performance.timeOrigin + performance.now();

/** FNV-1a over 32-bit ids, order-sensitive: the same sequence gives the same hash. */
export function chainHash(hash: number, id: number): number {
  let h = hash ^ (id & 0xff);
  h = Math.imul(h, 16777619);
  h ^= (id >>> 8) & 0xff;
  h = Math.imul(h, 16777619);
  h ^= (id >>> 16) & 0xff;
  h = Math.imul(h, 16777619);
  h ^= id >>> 24;
  return Math.imul(h, 16777619) >>> 0;
}
export const HASH_SEED = 2166136261;

/** What a watcher received: per item, the count and a rolling hash of the bid ids in order. */
export interface WatcherLog {
  itemId: number;
  received: number;
  hash: number;
  outOfOrder: number;
}

/** What the watchers measured. */
export interface WatcherResults {
  watcherLogs: WatcherLog[];
  connectFailures: number;
  fanoutBeforeAck: number;
  connected: number;
}

/**
 * `count` Socket.IO watchers spread over `targets`, watcher w subscribed to room
 * `item:{items[w % items.length]}`. Fan-out latency is each delivery's time minus the bid's
 * acknowledgement time (told through {@link ack}); a delivery before the ack counts as 0.
 */
export class WatcherPool {
  readonly fanoutLatency = new LatencyHistogram();
  private readonly sockets: Socket[] = [];
  private readonly logs: WatcherLog[] = [];
  private readonly ackAt = new Map<number, number>();
  private readonly early = new Map<number, number>();
  private connectFailures = 0;
  private fanoutBeforeAck = 0;

  constructor(
    private readonly targets: string[],
    private readonly items: number[],
    private readonly count: number,
  ) {}

  /** Connects every watcher (200 at a time) and joins its room; resolves when all tried. */
  async connect(): Promise<number> {
    const one = (w: number) =>
      new Promise<void>((resolve) => {
        const itemId = this.items[w % this.items.length];
        const log: WatcherLog = { itemId, received: 0, hash: HASH_SEED, outOfOrder: 0 };
        let lastAmount = 0;
        const s = connect(this.targets[w % this.targets.length], { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20_000 });
        s.on('bid:placed', (e: { item_id: number; bid: { id: number }; bid_amount: number }) => {
          if (e.item_id !== itemId) return;
          const now = clockMs();
          log.received++;
          log.hash = chainHash(log.hash, e.bid.id);
          if (e.bid_amount <= lastAmount) log.outOfOrder++;
          lastAmount = e.bid_amount;
          const at = this.ackAt.get(e.bid.id);
          if (at === undefined) {
            this.fanoutBeforeAck++;
            this.early.set(e.bid.id, (this.early.get(e.bid.id) ?? 0) + 1);
          } else this.fanoutLatency.record(now - at);
        });
        s.once('connect', () => {
          s.emit('item:subscribe', { item_id: itemId }, () => resolve());
        });
        s.once('connect_error', () => {
          this.connectFailures++;
          resolve();
        });
        this.sockets.push(s);
        this.logs.push(log);
      });
    for (let w = 0; w < this.count; w += 200) {
      await Promise.all(Array.from({ length: Math.min(200, this.count - w) }, (_, i) => one(w + i)));
    }
    return this.sockets.filter((s) => s.connected).length;
  }

  /** A bid was acknowledged at `atMs` ({@link clockMs}). */
  ack(bidId: number, atMs: number): void {
    this.ackAt.set(bidId, atMs);
    const n = this.early.get(bidId);
    if (n) {
      for (let i = 0; i < n; i++) this.fanoutLatency.record(0);
      this.early.delete(bidId);
    }
  }

  /** Per-item counts of received bids (to know when delivery has settled). */
  receivedBelow(expected: Map<number, number>): boolean {
    return this.logs.some((l) => l.received < (expected.get(l.itemId) ?? 0));
  }

  results(): WatcherResults {
    return { watcherLogs: this.logs.map((l) => ({ ...l })), connectFailures: this.connectFailures, fanoutBeforeAck: this.fanoutBeforeAck, connected: this.sockets.filter((s) => s.connected).length };
  }

  close(): void {
    for (const s of this.sockets) s.disconnect();
  }
}
