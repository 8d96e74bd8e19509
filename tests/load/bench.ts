import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { sql } from 'kysely';
import { seedLargeCatalogue } from '../../server/db/seed/large-catalogue.js';
import { seedDatabase } from '../../server/db/seed/seed.js';
import { startGavelProcess, type ChildGavel } from '../helpers/processes.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { LatencyHistogram } from './histogram.js';
import { checkInvariants } from './invariants.js';
import { provisionLoad } from './provision.js';
import { buildReport } from './report.js';
import { runLoad, type LoadOptions } from './run-load.js';

/**
 * `npm run bench`: a short fixed scenario of each of the load-testing figures, one line per figure.
 * Servers run as separate processes on a fresh PostgreSQL database (and Redis for the
 * two-process scenario); the load runs in this process, on the same machine.
 * `BENCH_SECONDS` (default 8) sets each bidding scenario's length.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const lines: string[] = [];
const line = (figure: string, value: string, target: string) => {
  const l = `${figure.padEnd(44)} ${value.padEnd(36)} (target ${target})`;
  lines.push(l);
  console.log(l);
};

async function startServer(env: Record<string, string>): Promise<ChildGavel & { url: string }> {
  const p = await startGavelProcess(
    'server/main.ts',
    { PORT: '0', SEED: 'never', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/gavel-bench', ...env },
    /Gavel is running at http:\/\/localhost:(\d+)/,
    60_000,
  );
  return { ...p, url: `http://127.0.0.1:${p.match[1]}` };
}

/** Unmeasured load before each scenario (JIT, connection pools, token caches). */
const WARMUP_MS = 2000;

/** One bidding scenario: provisions, warms up, measures `seconds`, checks the invariants. */
async function scenario(
  db: Awaited<ReturnType<typeof createTestDatabase>>,
  targets: string[],
  s: Pick<LoadOptions, 'bidders' | 'watchers' | 'mode' | 'rate'>,
  items: number,
) {
  const o: LoadOptions = { ...s, targets, durationMs: seconds * 1000, rampUpMs: 0, warmupMs: WARMUP_MS };
  const provisioned = await provisionLoad(db.db, { bidders: o.bidders, items, openForMs: seconds * 1000 + WARMUP_MS + 600_000 });
  const result = await runLoad(provisioned, o);
  const inv = await checkInvariants(db.db, provisioned.itemIds, result);
  return buildReport(o, items, result, inv);
}

async function main() {
  console.log(`Gavel bench: ${seconds} s per bidding scenario, server and load on this machine.`);
  const db = await createTestDatabase();
  const common = { DATABASE_URL: db.url, CSRF_SECRET: 'bench-secret-bench-secret-bench-secret', AUTH_RATE_LIMIT_PER_MINUTE: '100000' };
  let server = await startServer(common);
  try {
    const run = (o: Parameters<typeof scenario>[2], items: number) => scenario(db, [server.url], o, items);
    const spread = await run({ bidders: 200, watchers: 0, mode: 'spread', rate: 0 }, 1000);
    line('spread, 1,000 items, 200 bidders: accepted', `${spread.bids.acceptedPerSecond} bids/s (p99 ${spread.ackLatencyMs.p99} ms)`, '≥ 3,000');
    // Latency at the target load, offered at a fixed rate 10% above it (an open loop, counted
    // from each bid's scheduled time): a closed loop of 200 bidders can't show it, since there
    // latency is 200 ÷ throughput by construction.
    const spreadAt = await run({ bidders: 200, watchers: 0, mode: 'spread', rate: 3300 }, 1000);
    line('spread at 3,300 bids/s offered: ack p99', `${spreadAt.ackLatencyMs.p99} ms (${spreadAt.bids.acceptedPerSecond} accepted/s)`, '≤ 50 ms');
    const hot = await run({ bidders: 200, watchers: 0, mode: 'hot', rate: 0 }, 1);
    line('hot item, 200 bidders: accepted', `${hot.bids.acceptedPerSecond} bids/s (p99 ${hot.ackLatencyMs.p99} ms)`, '≥ 1,500');
    const hotAt = await run({ bidders: 200, watchers: 0, mode: 'hot', rate: 1650 }, 1);
    line('hot item at 1,650 bids/s offered: ack p99', `${hotAt.ackLatencyMs.p99} ms (${hotAt.bids.acceptedPerSecond} accepted/s)`, '≤ 100 ms');
    const hot1000 = await run({ bidders: 1000, watchers: 0, mode: 'hot', rate: 0 }, 1);
    line('hot item, 1,000 bidders: accepted', `${hot1000.bids.acceptedPerSecond} bids/s (p99 ${hot1000.ackLatencyMs.p99} ms)`, 'no collapse vs 200');
    // Memory with 5,000 sockets connected, at a bid rate this machine sustains (at 50 bids/s the
    // server falls behind and its per-socket send buffers grow with the backlog).
    const steady = await run({ bidders: 10, watchers: 5000, mode: 'hot', rate: 10 }, 1);
    line('server RSS with 5,000 sockets (10 bids/s)', `${Object.values(steady.serverRssMb)[0] ?? 'n/a'} MB`, '≤ 500 MB');
    line('fan-out, 5,000 watchers, 10 bids/s: p99', `${steady.fanoutLatencyMs.p99} ms at ${steady.bids.acceptedPerSecond} bids/s`, '— (what fits here)');
    const fan = await run({ bidders: 10, watchers: 5000, mode: 'hot', rate: 50 }, 1);
    line('fan-out, 5,000 watchers, 50 bids/s: p99', `${fan.fanoutLatencyMs.p99} ms at ${fan.bids.acceptedPerSecond} bids/s`, '≤ 200 ms');
    line('server RSS then (behind, buffering)', `${Object.values(fan.serverRssMb)[0] ?? 'n/a'} MB`, '—');
    for (const r of [spread, spreadAt, hot, hotAt, hot1000, steady, fan])
      if (!r.invariants.ok) line(`invariants broken (${r.scenario.mode}, ${r.scenario.bidders} bidders)`, r.invariants.failures[0], 'none');
  } finally {
    await server.stop();
  }

  // Two server processes on Redis.
  const channel = `gavel:bench:${randomBytes(3).toString('hex')}`;
  const redisEnv = { ...common, REDIS_URL: redisUrl, BUS_CHANNEL: channel, QUEUE_PREFIX: `bench${randomBytes(3).toString('hex')}` };
  const a = await startServer(redisEnv);
  const b = await startServer(redisEnv);
  try {
    const run2 = (rate: number) => scenario(db, [a.url, b.url], { bidders: 10, watchers: 5000, mode: 'hot', rate }, 1);
    const fan2Low = await run2(20);
    line('fan-out via 2 processes, 20 bids/s: p99', `${fan2Low.fanoutLatencyMs.p99} ms at ${fan2Low.bids.acceptedPerSecond} bids/s`, '— (what fits here)');
    const fan2 = await run2(50);
    line('fan-out via 2 processes on Redis: p99', `${fan2.fanoutLatencyMs.p99} ms at ${fan2.bids.acceptedPerSecond} bids/s`, '≤ 250 ms');
    for (const r of [fan2Low, fan2]) if (!r.invariants.ok) line('invariants broken (2 processes)', r.invariants.failures[0], 'none');
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }

  await db.drop();

  // Listing over 100,000 items, on a database of its own: the seeded catalogue plus 100,000 lots.
  const listDb = await createTestDatabase();
  await seedDatabase(listDb.db, { uploadsDir: '/tmp/gavel-bench/uploads' });
  const seeded = await seedLargeCatalogue(listDb.db, { count: 100_000 });
  await sql`ANALYZE`.execute(listDb.db);
  server = await startServer({ ...common, DATABASE_URL: listDb.url });
  try {
    const pool = new Pool(server.url, { connections: 8 });
    const queries = [
      '/ajax-items',
      '/ajax-items?search=toyota',
      '/ajax-items?search=sofa%20leather&sort_by=price_low',
      '/ajax-items?type=online&sort_by=ending_soon',
      '/ajax-items?auction_types[]=cash&locations[]=1&price_min=50000&price_max=500000',
      '/ajax-items?statuses[]=ending_soon&has_images=1',
      '/ajax-items?search=tractor&type=live&page=2',
      '/ajax-items?conditions[]=used&sort_by=price_high&featured_only=1',
    ];
    const hist = new LatencyHistogram();
    for (let i = 0; i < 40; i++) await (await pool.request({ method: 'GET', path: queries[i % queries.length] })).body.text();
    const until = performance.now() + seconds * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          const res = await pool.request({ method: 'GET', path: queries[n++ % queries.length] });
          await res.body.text();
          hist.record(performance.now() - t);
        }
      }),
    );
    await pool.close();
    line(
      `listing over ${(seeded.items + 0).toLocaleString('en-US')}+ items: p95`,
      `${hist.summary().p95} ms (${Math.round(hist.count / seconds)} req/s)`,
      '≤ 30 ms',
    );
  } finally {
    await server.stop();
  }
  await listDb.drop();

  // Client: JavaScript the home route loads (entry, its static imports, the home route chunk).
  const manifestPath = path.join(rootDir, 'client', 'dist', '.vite', 'manifest.json');
  if (fs.existsSync(manifestPath)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean; src?: string }>;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const i of manifest[key].imports ?? []) visit(i);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry || /routes\/home\.tsx$/.test(key)) visit(key);
    const bytes = [...seen].reduce((sum, key) => sum + gzipSync(fs.readFileSync(path.join(rootDir, 'client', 'dist', manifest[key].file))).length, 0);
    line('home route JavaScript (gzip)', `${Math.round(bytes / 1024)} KB`, '≤ 250 KB');
  } else line('home route JavaScript (gzip)', 'n/a (run npm run build)', '≤ 250 KB');
  console.log('\nSummary');
  for (const l of lines) console.log(l);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
