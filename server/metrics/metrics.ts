import type { Queue } from 'bullmq';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BidRejectReason } from '../bids/bids.commands.js';

/** Outcome label of a job run. */
export type JobOutcome = 'completed' | 'failed';

/**
 * The Prometheus metrics of one process (a registry of its own, so several servers in one test
 * process don't collide). Names are prefixed `gavel_`; default Node process metrics included.
 * Served to operators at `GET /metrics`.
 */
export interface Metrics {
  registry: Registry;
  /** `gavel_bids_accepted_total`. */
  bidsAccepted: Counter;
  /** `gavel_bids_rejected_total{reason}`: a BidRejectReason, `no_permission`, `invalid` (bad input) or `error` (server fault). */
  bidsRejected: Counter<'reason'>;
  /** `gavel_bid_duration_seconds{outcome}`: time to answer `POST /ajax-bid` (accepted|rejected). */
  bidLatency: Histogram<'outcome'>;
  /** `gavel_job_duration_seconds{queue,outcome}`: time a job handler ran, in this process. */
  jobDuration: Histogram<'queue' | 'outcome'>;
  /**
   * `http_request_duration_seconds{method,route,status}`: time to answer an HTTP request, by the
   * matched Express route pattern (`/ajax-item/:id`, `unmatched` otherwise) and status code.
   */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Reports open sockets (`gavel_open_sockets`) from `count()` at scrape time. */
  trackSockets(count: () => number): void;
  /** Reports `gavel_queue_jobs{queue,state}` (waiting, delayed, active, failed) at scrape time. */
  trackQueues(queues: Queue[]): void;
}

/** Why a bid was refused, as a metric label: the service's reasons and the router's own checks. */
export type BidRejectLabel = BidRejectReason | 'no_permission' | 'invalid' | 'error';

/** Creates the metrics of this process (`role` is a constant label: server or worker). */
export function createMetrics(role: 'server' | 'worker'): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry, prefix: 'gavel_' });
  const registers = [registry];
  let socketCount: (() => number) | null = null;
  let queues: Queue[] = [];
  new Gauge({
    name: 'gavel_open_sockets',
    help: 'Socket.IO connections open on this process',
    registers,
    collect() {
      if (socketCount) this.set(socketCount());
    },
  });
  new Gauge({
    name: 'gavel_queue_jobs',
    help: 'Jobs per BullMQ queue and state (waiting, delayed, active, failed)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      await Promise.all(
        queues.map(async (q) => {
          const counts = await q.getJobCounts('waiting', 'delayed', 'active', 'failed');
          for (const [state, n] of Object.entries(counts)) this.set({ queue: q.name, state }, n);
        }),
      );
    },
  });
  return {
    registry,
    bidsAccepted: new Counter({ name: 'gavel_bids_accepted_total', help: 'Bids accepted', registers }),
    bidsRejected: new Counter({ name: 'gavel_bids_rejected_total', help: 'Bids rejected, by reason', labelNames: ['reason'], registers }),
    bidLatency: new Histogram({
      name: 'gavel_bid_duration_seconds',
      help: 'Time to answer a bid, accepted or rejected',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'gavel_job_duration_seconds',
      help: 'Time a job handler ran, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, matched route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    trackSockets(count) {
      socketCount = count;
    },
    trackQueues(list) {
      queues = list;
    },
  };
}
