import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
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

/** The `bid:placed` payload fields a watcher reads. */
interface BidPlacedEvent {
  item_id: number;
  bid: { id: number };
  bid_amount: number;
}

/** Distinct event messages a pool remembers decoded (a few windows' worth of one lot's bids). */
const RECENT_EVENTS = 32;

/**
 * One watcher's connection: a minimal Socket.IO client (protocol 5 over Engine.IO 4, WebSocket
 * transport only) on the `ws` library. A load generator receiving 250,000 messages a second on
 * the same two cores as the server can't afford socket.io-client's per-message work, so this
 * speaks only what a watcher needs: the namespace connect (`40`), one acknowledged
 * `item:subscribe` (`420[...]` → `430[...]`), answering pings (`2` → `3`) and reading `42[...]`
 * events. Source: socket.io-protocol v5 and engine.io-protocol v4 specifications.
 */
class WatcherConnection {
  private readonly ws: WebSocket;
  connected = false;

  /**
   * Connects to `target`'s `/socket.io/` and subscribes to `item:{itemId}`; `onReady(ok)` once
   * subscribed (true) or failed (false); `onEvent(message)` for every event after (the whole
   * `42[...]` message, as received).
   */
  constructor(target: string, itemId: number, onReady: (ok: boolean) => void, onEvent: (message: Buffer) => void) {
    const url = `${target.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    this.ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true, handshakeTimeout: 20_000 });
    let settled = false;
    const ready = (ok: boolean) => {
      if (settled) return;
      settled = true;
      this.connected = ok;
      onReady(ok);
    };
    this.ws.on('message', (data: Buffer) => {
      if (data[0] === 52 && data[1] === 50) {
        onEvent(data); // '42["name",payload,...]'
        return;
      }
      const m = data.toString();
      switch (m.charCodeAt(0)) {
        case 50: // '2' ping
          this.ws.send('3');
          return;
        case 48: // '0' open: connect to the main namespace
          this.ws.send('40');
          return;
        case 52: // '4' message: a Socket.IO packet
          break;
        default:
          return;
      }
      const type = m.charCodeAt(1);
      if (type === 48)
        this.ws.send(`420["item:subscribe",{"item_id":${itemId}}]`); // '40{sid}' connected
      else if (type === 51)
        ready(true); // '43' ack of item:subscribe
      else if (type === 52) ready(false); // '44' connect error
    });
    this.ws.on('error', () => ready(false));
    this.ws.on('close', () => {
      this.connected = false;
      ready(false);
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * `count` Socket.IO watchers spread over `targets`, watcher w subscribed to room
 * `item:{items[w % items.length]}`. Fan-out latency is each delivery's time minus the bid's
 * acknowledgement time (told through {@link ack}); a delivery before the ack counts as 0.
 */
export class WatcherPool {
  readonly fanoutLatency = new LatencyHistogram();
  private readonly sockets: WatcherConnection[] = [];
  private readonly logs: WatcherLog[] = [];
  private readonly ackAt = new Map<number, number>();
  /** Delivery times of bids whose acknowledgement this thread hasn't heard of yet. */
  private readonly early = new Map<number, number[]>();
  private connectFailures = 0;
  private fanoutBeforeAck = 0;
  /** The last distinct event messages received and what they say (null: not a `bid:placed`), newest at `recentAt - 1`. */
  private readonly recent: Array<{ bytes: Buffer; event: BidPlacedEvent | null }> = [];
  private recentAt = 0;

  /**
   * A `42["name",payload,…]` message's `bid:placed` payload, or null for another event. Each
   * distinct message is decoded once: the thousands of watchers of one lot receive the same bytes
   * in the same order, so a copy is recognised by comparing bytes with the last few decoded
   * (no string, no hashing); decoding every copy made the generator, not the server, the limit of
   * the fan-out figure on a shared machine.
   */
  private decodeEvent(message: Buffer): BidPlacedEvent | null {
    for (let k = 1; k <= this.recent.length; k++) {
      const r = this.recent[(this.recentAt - k + RECENT_EVENTS) % RECENT_EVENTS];
      if (r.bytes.length === message.length && r.bytes.equals(message)) return r.event;
    }
    const m = message.toString();
    const comma = m.indexOf('",', 4);
    const event = comma > 0 && m.slice(4, comma) === 'bid:placed' ? (JSON.parse(m.slice(2)) as [string, BidPlacedEvent])[1] : null;
    this.recent[this.recentAt] = { bytes: Buffer.from(message), event };
    this.recentAt = (this.recentAt + 1) % RECENT_EVENTS;
    return event;
  }

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
        const onEvent = (message: Buffer) => {
          const e = this.decodeEvent(message);
          if (!e || e.item_id !== itemId) return;
          const now = clockMs();
          log.received++;
          log.hash = chainHash(log.hash, e.bid.id);
          if (e.bid_amount <= lastAmount) log.outOfOrder++;
          lastAmount = e.bid_amount;
          const at = this.ackAt.get(e.bid.id);
          if (at === undefined) {
            const times = this.early.get(e.bid.id);
            if (times) times.push(now);
            else this.early.set(e.bid.id, [now]);
          } else if (!Number.isNaN(at)) this.fanoutLatency.record(now - at);
        };
        const onReady = (ok: boolean) => {
          if (!ok) this.connectFailures++;
          resolve();
        };
        this.sockets.push(new WatcherConnection(this.targets[w % this.targets.length], itemId, onReady, onEvent));
        this.logs.push(log);
      });
    for (let w = 0; w < this.count; w += 200) {
      await Promise.all(Array.from({ length: Math.min(200, this.count - w) }, (_, i) => one(w + i)));
    }
    return this.sockets.filter((s) => s.connected).length;
  }

  /**
   * A bid was acknowledged at `atMs` ({@link clockMs}); null: a warm-up bid, not measured.
   * Deliveries seen before this call count from their own time: 0 when they came before the
   * acknowledgement, else the difference (the news of the ack may reach this thread late).
   */
  ack(bidId: number, atMs: number | null): void {
    this.ackAt.set(bidId, atMs ?? Number.NaN);
    const times = this.early.get(bidId);
    if (times) {
      if (atMs !== null) {
        for (const t of times) {
          if (t < atMs) this.fanoutBeforeAck++;
          this.fanoutLatency.record(Math.max(0, t - atMs));
        }
      }
      this.early.delete(bidId);
    }
  }

  /** Per-item counts of received bids (to know when delivery has settled). */
  receivedBelow(expected: Map<number, number>): boolean {
    return this.logs.some((l) => l.received < (expected.get(l.itemId) ?? 0));
  }

  results(): WatcherResults {
    return {
      watcherLogs: this.logs.map((l) => ({ ...l })),
      connectFailures: this.connectFailures,
      fanoutBeforeAck: this.fanoutBeforeAck,
      connected: this.sockets.filter((s) => s.connected).length,
    };
  }

  close(): void {
    for (const s of this.sockets) s.close();
  }
}
