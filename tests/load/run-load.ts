import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { Worker } from 'node:worker_threads';
import { LatencyHistogram } from './histogram.js';
import type { Provisioned } from './provision.js';
import { clockMs, WatcherPool, type WatcherLog, type WatcherResults } from './watchers.js';

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
  /** Load before measuring (JIT, connection pools and token caches warm up); its bids still count for the invariants. Default 0. */
  warmupMs?: number;
  /** Amount added per bid above the last known minimum, MWK. */
  step?: number;
  /** Share of bids (0–1) that carry a maximum (`max_amount`, 1–20 steps above the amount). Default 0. */
  proxyShare?: number;
  /** HTTP connections per target (default min(bidders, 256)). */
  connections?: number;
  /** Run the watchers in a thread of their own (default: when there are 1,000 or more). */
  watcherThread?: boolean;
  onProgress?: (p: { elapsedMs: number; accepted: number; rejected: number; errors: number; watchersConnected: number }) => void;
  /** Called when the measured part starts (after the warm-up) and when its last bid is answered. */
  onMeasure?: (phase: 'start' | 'end') => void;
}

/** An acknowledged (accepted) bid as the tool saw it. */
export interface AckedBid {
  id: number;
  itemId: number;
  amount: number;
  ackAt: number;
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

export { chainHash, HASH_SEED, type WatcherLog } from './watchers.js';

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
 * ramped up over `rampUpMs`, for `warmupMs` unmeasured and then `durationMs` measured, at
 * `rate` bids/s overall or as fast as acknowledged; a `proxyShare` of the bids carry a maximum.
 * Amounts climb per item from the last minimum the server reported, so most bids
 * are meant to win; races still lose some, counted in `rejected` by the server's reason, not as
 * errors: `too_low` (another bid got there first), `already_leading` (the bidder's previous bid
 * still leads when this one is checked: the leader may not outbid themselves), and, when many
 * bidders start at once on a fresh lot, `too_high` (the shared counter ran more than
 * `max_bid_factor` times ahead of the minimum; it passes as soon as a few bids are accepted).
 */
export async function runLoad(p: Provisioned, o: LoadOptions): Promise<LoadResult> {
  const items = o.mode === 'hot' ? p.itemIds.slice(0, 1) : p.itemIds;
  const step = o.step ?? 10;
  const proxyShare = o.proxyShare ?? 0;
  const pools = o.targets.map(
    (t) => new Pool(t, { connections: o.connections ?? Math.min(Math.max(o.bidders, 1), 256), pipelining: 1, keepAliveTimeout: 30_000 }),
  );
  const next = new Map<number, number>(items.map((id) => [id, 1001]));
  const acked: AckedBid[] = [];
  // The most bids each item was answered to hold: automatic bids (maximums) count too, so the
  // watchers are awaited for every stored bid, not only the acknowledged ones.
  const storedBids = new Map<number, number>();
  const rejected: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const ackLatency = new LatencyHistogram();

  // Watchers first, so every one is in its room before the first bid.
  const watchers = o.watchers > 0 ? await startWatchers(o.targets, items, o.watchers, o.watcherThread ?? o.watchers >= 1000) : null;
  const watchersConnected = watchers?.connected ?? 0;

  const startedAt = new Date().toISOString();
  const warmupMs = o.warmupMs ?? 0;
  const t0 = performance.now();
  // Figures count from `measureFrom`; the run lasts the warm-up plus `durationMs`.
  const measureFrom = t0 + warmupMs;
  const deadline = measureFrom + o.durationMs;
  let accepted = 0;
  let rejectedTotal = 0;
  let errorTotal = 0;
  // Rate limit: a shared schedule of send slots.
  let nextSlot = t0;
  // With a rate, latency counts from the slot's time, not the actual send, so a server that
  // falls behind can't hide its queue in the generator (no coordinated omission).
  const takeSlot = async (): Promise<number> => {
    if (o.rate <= 0) return performance.now();
    const slot = nextSlot;
    nextSlot += 1000 / o.rate;
    const wait = slot - performance.now();
    if (wait > 0) await sleep(wait);
    return slot;
  };

  const bidderLoop = async (b: number) => {
    const start = t0 + (o.rampUpMs * b) / Math.max(1, o.bidders);
    if (start > performance.now()) await sleep(start - performance.now());
    const { token } = p.bidders[b % p.bidders.length];
    const pool = pools[b % pools.length];
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, accept: 'application/json' };
    let k = b;
    while (performance.now() < deadline) {
      const slot = await takeSlot();
      if (performance.now() >= deadline) break;
      const itemId = items[k++ % items.length];
      const amount = next.get(itemId)!;
      next.set(itemId, amount + step);
      const sent = o.rate > 0 ? slot : performance.now();
      try {
        const maxAmount = proxyShare > 0 && Math.random() < proxyShare ? amount + step * (1 + Math.floor(Math.random() * 20)) : undefined;
        // A maximum can lift the price up to it at once. Half the time later bids start above it,
        // as a crowd watching the lot would (else they would mostly be refused as too low); the
        // other half bid into it, and the maximum answers them automatically.
        if (maxAmount !== undefined && Math.random() < 0.5) next.set(itemId, Math.max(next.get(itemId)!, maxAmount + step));
        const res = await pool.request({
          method: 'POST',
          path: '/ajax-bid',
          headers,
          body: JSON.stringify({ item_id: itemId, amount, max_amount: maxAmount }),
        });
        const body = (await res.body.json()) as {
          bid?: { id: number; bid_amount: number } | null;
          item?: { min_next_bid: number; bid_count?: number };
          reason?: string;
          min_next_bid?: number;
        };
        const now = performance.now();
        const measured = sent >= measureFrom;
        if (measured) ackLatency.record(now - sent);
        if (res.statusCode === 200) {
          // Accepted; the bidder's own bid is stored unless a maximum was raised or lost a tie.
          if (measured) accepted++;
          if (body.bid) {
            acked.push({ id: body.bid.id, itemId, amount: body.bid.bid_amount, ackAt: now });
            watchers?.ack(body.bid.id, measured ? clockMs() : null);
          }
          if (body.item && body.item.min_next_bid > next.get(itemId)!) next.set(itemId, body.item.min_next_bid);
          if (body.item?.bid_count !== undefined) storedBids.set(itemId, Math.max(storedBids.get(itemId) ?? 0, body.item.bid_count));
        } else if (res.statusCode === 422 || res.statusCode === 403) {
          if (measured) rejectedTotal++;
          const reason = body.reason ?? `http_${res.statusCode}`;
          if (measured) rejected[reason] = (rejected[reason] ?? 0) + 1;
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

  const measureTimer = o.onMeasure ? setTimeout(() => o.onMeasure!('start'), Math.max(0, measureFrom - performance.now())) : null;
  const progress = o.onProgress
    ? setInterval(() => o.onProgress!({ elapsedMs: performance.now() - t0, accepted, rejected: rejectedTotal, errors: errorTotal, watchersConnected }), 250)
    : null;
  await Promise.all(Array.from({ length: o.bidders }, (_, b) => bidderLoop(b)));
  const durationMs = performance.now() - measureFrom;
  if (measureTimer) clearTimeout(measureTimer);
  o.onMeasure?.('end');
  if (progress) clearInterval(progress);
  o.onProgress?.({ elapsedMs: durationMs, accepted, rejected: rejectedTotal, errors: errorTotal, watchersConnected });

  // Let the last events arrive, then read memory while the sockets are still connected.
  const expected = new Map<number, number>();
  for (const a of acked) expected.set(a.itemId, (expected.get(a.itemId) ?? 0) + 1);
  for (const [itemId, n] of storedBids) expected.set(itemId, Math.max(expected.get(itemId) ?? 0, n));
  await watchers?.settle(expected);
  const serverRssBytes: Record<string, number | null> = {};
  for (const t of o.targets) serverRssBytes[t] = await readServerRss(t);
  const fanoutLatency = new LatencyHistogram();
  const w: WatcherResults = watchers ? await watchers.finish(fanoutLatency) : { watcherLogs: [], connectFailures: 0, fanoutBeforeAck: 0, connected: 0 };
  await Promise.all(pools.map((pool) => pool.close()));
  const { watcherLogs, connectFailures, fanoutBeforeAck } = w;
  return { startedAt, durationMs, accepted, rejected, errors, ackLatency, fanoutLatency, fanoutBeforeAck, acked, watcherLogs, connectFailures, serverRssBytes };
}

/** Watchers of a run, in this thread or in a worker thread, behind one interface. */
interface Watchers {
  connected: number;
  /** `atMs` null: a warm-up bid, whose deliveries are not measured. */
  ack(bidId: number, atMs: number | null): void;
  settle(expected: Map<number, number>): Promise<void>;
  /** Adds the fan-out latencies into `into`, closes the sockets, answers the logs. */
  finish(into: LatencyHistogram): Promise<WatcherResults>;
}

async function startWatchers(targets: string[], items: number[], count: number, thread: boolean): Promise<Watchers> {
  if (!thread) {
    const pool = new WatcherPool(targets, items, count);
    const connected = await pool.connect();
    return {
      connected,
      ack: (id, at) => pool.ack(id, at),
      settle: async (expected) => {
        const until = performance.now() + 5000;
        while (performance.now() < until && pool.receivedBelow(expected)) await sleep(50);
      },
      finish: async (into) => {
        into.merge(pool.fanoutLatency.exportState());
        const r = pool.results();
        pool.close();
        return r;
      },
    };
  }
  // The worker runs TypeScript through tsx like this process does (watchers-worker-boot.mjs).
  const worker = new Worker(new URL('./watchers-worker-boot.mjs', import.meta.url), { workerData: { targets, items, count } });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string } & T) => {
        if (m.type !== type) return;
        worker.off('message', onMessage);
        resolve(m);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const { connected } = await next<{ connected: number }>('connected');
  return {
    connected,
    ack: (bidId, at) => worker.postMessage({ type: 'ack', bidId, at }),
    settle: async (expected) => {
      const done = next('settled');
      worker.postMessage({ type: 'settle', expected: [...expected] });
      await done;
    },
    finish: async (into) => {
      const done = next<{ results: WatcherResults; state: Parameters<LatencyHistogram['merge']>[0] }>('results');
      worker.postMessage({ type: 'results' });
      const { results, state } = await done;
      into.merge(state);
      worker.postMessage({ type: 'close' });
      await worker.terminate();
      return results;
    },
  };
}
