import type { InvariantReport } from './invariants.js';
import type { LoadOptions, LoadResult } from './run-load.js';

/** The run's report, as printed and written to JSON. Rates per second, latencies in ms. */
export interface LoadReport {
  scenario: {
    targets: string[];
    mode: string;
    bidders: number;
    watchers: number;
    items: number;
    durationMs: number;
    rate: number;
    rampUpMs: number;
    warmupMs?: number;
  };
  startedAt: string;
  seconds: number;
  bids: {
    accepted: number;
    acceptedPerSecond: number;
    rejected: Record<string, number>;
    rejectedPerSecond: Record<string, number>;
    errors: Record<string, number>;
  };
  ackLatencyMs: { count: number; p50: number; p95: number; p99: number; max: number; mean: number };
  fanoutLatencyMs: { count: number; p50: number; p99: number; max: number; deliveredBeforeAck: number };
  sockets: { watchers: number; connectFailures: number };
  serverRssMb: Record<string, number | null>;
  invariants: InvariantReport;
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

/** Builds the report from the options, the raw result and the invariant checks. */
export function buildReport(o: LoadOptions, items: number, r: LoadResult, inv: InvariantReport): LoadReport {
  const s = r.durationMs / 1000;
  const ack = r.ackLatency.summary();
  const fan = r.fanoutLatency.summary();
  return {
    scenario: {
      targets: o.targets,
      mode: o.mode,
      bidders: o.bidders,
      watchers: o.watchers,
      items,
      durationMs: o.durationMs,
      rate: o.rate,
      rampUpMs: o.rampUpMs,
      warmupMs: o.warmupMs ?? 0,
    },
    startedAt: r.startedAt,
    seconds: round(s, 2),
    bids: {
      accepted: r.accepted,
      acceptedPerSecond: round(r.accepted / s),
      rejected: r.rejected,
      rejectedPerSecond: Object.fromEntries(Object.entries(r.rejected).map(([k, v]) => [k, round(v / s)])),
      errors: r.errors,
    },
    ackLatencyMs: ack,
    fanoutLatencyMs: { count: fan.count, p50: fan.p50, p99: fan.p99, max: fan.max, deliveredBeforeAck: r.fanoutBeforeAck },
    sockets: { watchers: r.watcherLogs.length, connectFailures: r.connectFailures },
    serverRssMb: Object.fromEntries(Object.entries(r.serverRssBytes).map(([k, v]) => [k, v == null ? null : round(v / 1048576)])),
    invariants: inv,
  };
}

/** Human-readable lines of a report. */
export function formatReport(rep: LoadReport): string {
  const rej =
    Object.entries(rep.bids.rejectedPerSecond)
      .map(([k, v]) => `${k} ${v}/s`)
      .join(', ') || 'none';
  const err =
    Object.entries(rep.bids.errors)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  const rss = Object.entries(rep.serverRssMb)
    .map(([k, v]) => `${k}: ${v == null ? 'n/a' : `${v} MB`}`)
    .join(', ');
  return [
    `Scenario     ${rep.scenario.mode}, ${rep.scenario.bidders} bidders, ${rep.scenario.watchers} watchers, ${rep.scenario.items} item(s), ${rep.seconds} s measured${rep.scenario.warmupMs ? ` after ${rep.scenario.warmupMs / 1000} s warm-up` : ''}, rate ${rep.scenario.rate || 'max'}`,
    `Accepted     ${rep.bids.accepted} bids, ${rep.bids.acceptedPerSecond}/s`,
    `Rejected     ${rej}`,
    `Errors       ${err}`,
    `Ack latency  p50 ${rep.ackLatencyMs.p50} ms, p95 ${rep.ackLatencyMs.p95} ms, p99 ${rep.ackLatencyMs.p99} ms, max ${rep.ackLatencyMs.max} ms`,
    `Fan-out      ${rep.fanoutLatencyMs.count} deliveries, p50 ${rep.fanoutLatencyMs.p50} ms, p99 ${rep.fanoutLatencyMs.p99} ms, max ${rep.fanoutLatencyMs.max} ms (${rep.fanoutLatencyMs.deliveredBeforeAck} before the ack)`,
    `Sockets      ${rep.sockets.watchers} watchers, ${rep.sockets.connectFailures} connect failures`,
    `Server RSS   ${rss}`,
    `Invariants   ${rep.invariants.ok ? 'all hold' : 'BROKEN'} (${rep.invariants.checked.acknowledged} acknowledged bids, ${rep.invariants.checked.items} items, ${rep.invariants.checked.watchers} watchers)`,
    ...rep.invariants.failures.map((f) => `  ✗ ${f}`),
  ].join('\n');
}
