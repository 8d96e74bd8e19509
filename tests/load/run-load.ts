import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { io as connect, type Socket } from 'socket.io-client';
import { LatencyHistogram } from './histogram.js';
import type { Provisioned } from './provision.js';

/** Options of one load run. Times in milliseconds; `rate` in bids per second (0 = as fast as acknowledged). */
export interface LoadOptions {
  targets: string[];
  bidders: number;
  watchers: number;
  /** 'hot': every bidder and watcher on the first item; 'spread': over all provisioned items. */
  mode: 'hot' | 'spread';
  durationMs: number;
  rate: number;
  rampUpMs: number;
  /** Amount added per bid above the last known minimum, MWK. */
  step?: number;
  /** HTTP connections per target (default min(bidders, 256)). */
  connections?: number;
  onProgress?: (p: { elapsedMs: number; accepted: number; rejected: number; errors: number; watchersConnected: number }) => void;
}

/** An acknowledged (accepted) bid as the tool saw it. */
export interface AckedBid {
  id: number;
  itemId: number;
  amount: number;
  ackAt: number;
}

/** What a watcher received: per item, the count and a rolling hash of the bid ids in order. */
export interface WatcherLog {
  itemId: number;
  received: number;
  hash: number;
  outOfOrder: number;
}

/** Raw results of a run (before invariants). */
export interface LoadResult {
  startedAt: string;
  durationMs: number;
  accepted: number;
  rejected: Record<string, number>;
  errors: Record<string, number>;
  ackLatency: LatencyHistogram;
  fanoutLatency: LatencyHistogram;
  fanoutBeforeAck: number;
  acked: AckedBid[];
  watcherLogs: WatcherLog[];
  connectFailures: number;
  serverRssBytes: Record<string, number | null>;
}

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

/** Reads the resident memory (`[gavel_]process_resident_memory_bytes`) from a target's `/metrics`; null when unreachable. */
export async function readServerRss(target: string): Promise<number | null> {
  try {
    const res = await fetch(`${target}/metrics`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) return null;
    const m = (await res.text()).match(/^(?:gavel_)?process_resident_memory_bytes(?:\{[^}]*\})?\s+([0-9.e+]+)/m);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the load: connects `watchers` Socket.IO clients (spread over targets, subscribed to
 * their item's room), then starts `bidders` loops posting `POST /ajax-bid` with bearer tokens,
 * ramped up over `rampUpMs`, for `durationMs`, at `rate` bids/s overall or as fast as
 * acknowledged. Amounts climb per item from the last minimum the server reported, so most bids
 * are meant to win; races still lose some (rejected as too low).
 */
export async function runLoad(p: Provisioned, o: LoadOptions): Promise<LoadResult> {
  const items = o.mode === 'hot' ? p.itemIds.slice(0, 1) : p.itemIds;
  const step = o.step ?? 10;
  const pools = o.targets.map((t) => new Pool(t, { connections: o.connections ?? Math.min(Math.max(o.bidders, 1), 256), pipelining: 1, keepAliveTimeout: 30_000 }));
  const next = new Map<number, number>(items.map((id) => [id, 1001]));
  const ackAt = new Map<number, number>();
  const acked: AckedBid[] = [];
  const rejected: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const ackLatency = new LatencyHistogram();
  const fanoutLatency = new LatencyHistogram();
  let fanoutBeforeAck = 0;
  let connectFailures = 0;
  const pendingFanout = new Map<number, number[]>();

  // Watchers first, so every one is in its room before the first bid.
  const sockets: Socket[] = [];
  const watcherLogs: WatcherLog[] = [];
  const connectOne = (w: number) =>
    new Promise<void>((resolve) => {
      const itemId = items[w % items.length];
      const log: WatcherLog = { itemId, received: 0, hash: HASH_SEED, outOfOrder: 0 };
      let lastAmount = 0;
      const s = connect(o.targets[w % o.targets.length], { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 20_000 });
      s.on('bid:placed', (e: { item_id: number; bid: { id: number }; bid_amount: number }) => {
        if (e.item_id !== itemId) return;
        const now = performance.now();
        log.received++;
        log.hash = chainHash(log.hash, e.bid.id);
        if (e.bid_amount <= lastAmount) log.outOfOrder++;
        lastAmount = e.bid_amount;
        const at = ackAt.get(e.bid.id);
        if (at === undefined) {
          fanoutBeforeAck++;
          const list = pendingFanout.get(e.bid.id);
          if (list) list.push(now);
          else pendingFanout.set(e.bid.id, [now]);
        } else fanoutLatency.record(now - at);
      });
      s.once('connect', () => {
        s.emit('item:subscribe', { item_id: itemId }, () => resolve());
      });
      s.once('connect_error', () => {
        connectFailures++;
        resolve();
      });
      sockets.push(s);
      watcherLogs.push(log);
    });
  const batch = 200;
  for (let w = 0; w < o.watchers; w += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, o.watchers - w) }, (_, i) => connectOne(w + i)));
  }
  const watchersConnected = sockets.filter((s) => s.connected).length;

  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const deadline = t0 + o.durationMs;
  let accepted = 0;
  let rejectedTotal = 0;
  let errorTotal = 0;
  // Rate limit: a shared schedule of send slots.
  let nextSlot = t0;
  const takeSlot = async () => {
    if (o.rate <= 0) return;
    const slot = nextSlot;
    nextSlot += 1000 / o.rate;
    const wait = slot - performance.now();
    if (wait > 0) await sleep(wait);
  };

  const bidderLoop = async (b: number) => {
    const start = t0 + (o.rampUpMs * b) / Math.max(1, o.bidders);
    if (start > performance.now()) await sleep(start - performance.now());
    const { token } = p.bidders[b % p.bidders.length];
    const pool = pools[b % pools.length];
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, accept: 'application/json' };
    let k = b;
    while (performance.now() < deadline) {
      await takeSlot();
      if (performance.now() >= deadline) break;
      const itemId = items[k++ % items.length];
      const amount = next.get(itemId)!;
      next.set(itemId, amount + step);
      const sent = performance.now();
      try {
        const res = await pool.request({ method: 'POST', path: '/ajax-bid', headers, body: JSON.stringify({ item_id: itemId, amount }) });
        const body = (await res.body.json()) as { bid?: { id: number }; item?: { min_next_bid: number }; reason?: string; min_next_bid?: number };
        const now = performance.now();
        ackLatency.record(now - sent);
        if (res.statusCode === 200 && body.bid) {
          accepted++;
          ackAt.set(body.bid.id, now);
          acked.push({ id: body.bid.id, itemId, amount, ackAt: now });
          const early = pendingFanout.get(body.bid.id);
          if (early) {
            for (const _ of early) fanoutLatency.record(0);
            pendingFanout.delete(body.bid.id);
          }
        } else if (res.statusCode === 422 || res.statusCode === 403) {
          rejectedTotal++;
          const reason = body.reason ?? `http_${res.statusCode}`;
          rejected[reason] = (rejected[reason] ?? 0) + 1;
          if (body.min_next_bid && body.min_next_bid > next.get(itemId)!) next.set(itemId, body.min_next_bid);
        } else {
          errorTotal++;
          errors[`http_${res.statusCode}`] = (errors[`http_${res.statusCode}`] ?? 0) + 1;
        }
      } catch (e) {
        errorTotal++;
        const key = (e as { code?: string }).code ?? 'network';
        errors[key] = (errors[key] ?? 0) + 1;
      }
    }
  };

  const progress = o.onProgress
    ? setInterval(() => o.onProgress!({ elapsedMs: performance.now() - t0, accepted, rejected: rejectedTotal, errors: errorTotal, watchersConnected }), 250)
    : null;
  await Promise.all(Array.from({ length: o.bidders }, (_, b) => bidderLoop(b)));
  const durationMs = performance.now() - t0;
  if (progress) clearInterval(progress);
  o.onProgress?.({ elapsedMs: durationMs, accepted, rejected: rejectedTotal, errors: errorTotal, watchersConnected });

  // Let the last events arrive, then read memory while the sockets are still connected.
  const expected = new Map<number, number>();
  for (const a of acked) expected.set(a.itemId, (expected.get(a.itemId) ?? 0) + 1);
  const settleUntil = performance.now() + 5000;
  while (performance.now() < settleUntil && watcherLogs.some((l) => l.received < (expected.get(l.itemId) ?? 0))) await sleep(50);
  const serverRssBytes: Record<string, number | null> = {};
  for (const t of o.targets) serverRssBytes[t] = await readServerRss(t);
  for (const s of sockets) s.disconnect();
  await Promise.all(pools.map((pool) => pool.close()));
  return { startedAt, durationMs, accepted, rejected, errors, ackLatency, fanoutLatency, fanoutBeforeAck, acked, watcherLogs, connectFailures, serverRssBytes };
}
