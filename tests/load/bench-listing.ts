import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { Pool } from 'undici';
import { listItemsQuerySchema } from '@shared/schemas/item.schema.js';
import { loadIncrementTables } from '../../server/bids/increments.repository.js';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { seedLargeCatalogue } from '../../server/db/seed/large-catalogue.js';
import { isDatabaseSeeded, seedDatabase } from '../../server/db/seed/seed.js';
import type { Database } from '../../server/db/types.js';
import { listItems } from '../../server/items/items.repository.js';
import { startGavelProcess } from '../helpers/processes.js';
import { createTestDatabase } from '../helpers/test-database.js';
import { describeDrift, findDrift, readBaseline, recordBaseline, type Drift, type FigureSet } from './baseline.js';
import { LatencyHistogram } from './histogram.js';
import { processCpuMs } from './process-cpu.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the recorded figures live. */
export const BASELINE_FILE = path.join(rootDir, 'tests', 'load', 'baseline.json');

/**
 * How far one query's own p95 may fall behind its recorded value before the run fails (1 = twice
 * as slow); the overall p95, requests per second and CPU per request use 25 %.
 */
export const PER_QUERY_TOLERANCE = 1;

/** Concurrent clients of the listing figure. */
export const LISTING_CLIENTS = 8;

/**
 * The listing bench's queries (`GET /ajax-items`, spec/shopping.md §7), by label: the eight the
 * listing figure has always measured, plus past sales ("sold lots matching 'toyota hilux' in the
 * last two years, by price", issue 21). `now` fixes the two-year window's start.
 */
export function listingQueries(now = new Date()): { label: string; path: string }[] {
  const twoYearsAgo = new Date(now);
  twoYearsAgo.setUTCFullYear(twoYearsAgo.getUTCFullYear() - 2);
  return [
    { label: 'home (newest)', path: '/ajax-items' },
    { label: "search 'toyota'", path: '/ajax-items?search=toyota' },
    { label: "search 'sofa leather', price_low", path: '/ajax-items?search=sofa%20leather&sort_by=price_low' },
    { label: 'online, ending_soon', path: '/ajax-items?type=online&sort_by=ending_soon' },
    { label: 'cash, branch 1, price 50k-500k', path: '/ajax-items?auction_types[]=cash&locations[]=1&price_min=50000&price_max=500000' },
    { label: 'ending_soon status, has_images', path: '/ajax-items?statuses[]=ending_soon&has_images=1' },
    { label: "search 'tractor', live, page 2", path: '/ajax-items?search=tractor&type=live&page=2' },
    { label: 'used, featured, price_high', path: '/ajax-items?conditions[]=used&sort_by=price_high&featured_only=1' },
    {
      label: "sold 'toyota hilux', 2 years, price_high",
      path: `/ajax-items?statuses[]=sold&search=toyota%20hilux&date_range=custom&date_from=${twoYearsAgo.toISOString().slice(0, 10)}&sort_by=price_high`,
    },
  ];
}

/** One pass of the listing figure: the same queries against one server. */
export interface ListingPass {
  overall: { p50: number; p95: number; requestsPerSecond: number; count: number };
  /**
   * CPU time per request, ms: the server process's, and the database backends' serving it (from
   * /proc; 0 where there is none). Unlike latency, it hardly moves with the neighbours' load.
   */
  cpu: { serverMsPerRequest: number; databaseMsPerRequest: number };
  perQuery: { label: string; path: string; p50: number; p95: number; count: number }[];
  /** The figure set recorded in (and compared with) the baseline, under this name. */
  setName: string;
  figures: FigureSet;
  /** Figures further behind the baseline than their tolerance (25 %; {@link PER_QUERY_TOLERANCE} for one query's p95). */
  drift: Drift[];
}

/**
 * What {@link benchListing} measured: the listing as visitors get it (first pages kept a few
 * seconds in the server's memory, `LISTING_CACHE_MS`), then every request read from the database
 * (`LISTING_CACHE_MS=0`: what the indexes and queries cost, where a dropped index shows).
 */
export interface ListingBenchResult extends ListingPass {
  /** Generated lots in the database (beside the demo catalogue). */
  lots: number;
  /** Every item in the database. */
  items: number;
  seconds: number;
  /** The same queries with the server's memory of first pages off. */
  fromDatabase: ListingPass;
  /** EXPLAIN (ANALYZE, BUFFERS) of the slowest query's SQL statements (read from the database), slowest statement first. */
  explain: { label: string; text: string } | null;
}

/** CPU time so far of each backend connected to the database at `databaseUrl` (but this one), by pid. */
async function backendsCpu(databaseUrl: string): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid)]));
  } finally {
    await c.end();
  }
}

/** Parses a listing path's query the way the router does (`statuses[]=a` and repeats as lists). */
function parseListingPath(p: string) {
  const params = new URL(p, 'http://x').searchParams;
  const raw: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const key = k.endsWith('[]') ? k.slice(0, -2) : k;
    const was = raw[key];
    raw[key] = was === undefined ? (k.endsWith('[]') ? [v] : v) : [...(Array.isArray(was) ? was : [was]), v];
  }
  return listItemsQuerySchema.parse(raw);
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every SQL statement `listItems` runs for `listingPath` (the page
 * and the counts), slowest first, as text.
 */
export async function explainListing(databaseUrl: string, listingPath: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  try {
    const increments = await loadIncrementTables(db);
    captured.length = 0;
    await listItems(db, parseListingPath(listingPath), increments, new Date());
    const plans: { ms: number; text: string }[] = [];
    for (const q of captured.filter((c) => !/^EXPLAIN/i.test(c.sql))) {
      const res = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.parameters as unknown[]);
      const text = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
      plans.push({ ms, text: `${q.sql}\n${text}` });
    }
    return plans
      .sort((a, b) => b.ms - a.ms)
      .map((p) => p.text)
      .join('\n\n');
  } finally {
    await db.destroy();
  }
}

/**
 * Makes sure the database at `databaseUrl` holds the demo catalogue plus at least `lots`
 * generated lots (migrating it first, seeding only what is missing, with pictures on most lots
 * as `npm run db:seed -- --large N` does), then ANALYZEs it. Returns
 * the generated lots and all items it holds.
 */
async function prepareDatabase(databaseUrl: string, lots: number, log: (msg: string) => void): Promise<{ lots: number; items: number }> {
  const handle = await openDatabase({ databaseUrl });
  try {
    await migrateToLatest(handle.db);
    if (!(await isDatabaseSeeded(handle.db))) await seedDatabase(handle.db, { uploadsDir: '/tmp/gavel-bench/uploads' });
    const countLots = async () =>
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM items WHERE code LIKE 'GAV-___-B%'`.execute(handle.db)).rows[0].n);
    const have = await countLots();
    if (have < lots) {
      log(`seeding ${(lots - have).toLocaleString('en-US')} lots (${have.toLocaleString('en-US')} there already)`);
      await seedLargeCatalogue(handle.db, { count: lots - have, uploadsDir: '/tmp/gavel-bench/uploads', log });
    }
    await sql`ANALYZE`.execute(handle.db);
    const items = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM items`.execute(handle.db)).rows[0].n);
    return { lots: Math.max(have, lots), items };
  } finally {
    await handle.close();
  }
}

/**
 * The listing figure (issue 21): a server process over a database with the demo catalogue plus
 * `opts.lots` generated lots, {@link LISTING_CLIENTS} clients sending {@link listingQueries} in
 * turn for `opts.seconds` (after a warm-up round), each query's own p50/p95 and the overall
 * p95 and requests per second (ms, req/s); twice: as served (the server's memory of first pages
 * on), then with every request read from the database. Then EXPLAIN (ANALYZE, BUFFERS) of the
 * query with the highest p95 from the database, and both passes' figures compared with
 * `tests/load/baseline.json` (drift: more than 25 % behind). With `opts.databaseUrl` that database
 * is reused (migrated, topped up to `lots`); without it a fresh one is made and dropped.
 * `opts.serverEnv` is added to the server's environment.
 */
export async function benchListing(opts: {
  lots: number;
  seconds: number;
  databaseUrl?: string;
  serverEnv?: Record<string, string>;
  log?: (msg: string) => void;
}): Promise<ListingBenchResult> {
  const log = opts.log ?? (() => {});
  const fresh = opts.databaseUrl ? null : await createTestDatabase();
  const databaseUrl = opts.databaseUrl ?? fresh!.url;
  try {
    const { lots, items } = await prepareDatabase(databaseUrl, opts.lots, log);
    const baseline = readBaseline(BASELINE_FILE);
    const pass = (setName: string, env: Record<string, string>) =>
      measureListingPass({ databaseUrl, seconds: opts.seconds, serverEnv: { ...opts.serverEnv, ...env }, setName, baseline });
    const served = await pass(`listing@${opts.lots}`, {});
    const fromDatabase = await pass(`listing@${opts.lots} from the database`, { LISTING_CACHE_MS: '0' });
    const slowest = [...fromDatabase.perQuery].sort((a, b) => b.p95 - a.p95)[0];
    const explain = slowest ? { label: slowest.label, text: await explainListing(databaseUrl, slowest.path) } : null;
    return { ...served, lots, items, seconds: opts.seconds, fromDatabase, explain };
  } finally {
    await fresh?.drop();
  }
}

/** One pass of {@link benchListing}: a server started with `serverEnv`, the queries for `seconds`, its figures as `setName`. */
async function measureListingPass(opts: {
  databaseUrl: string;
  seconds: number;
  serverEnv: Record<string, string>;
  setName: string;
  baseline: ReturnType<typeof readBaseline>;
}): Promise<ListingPass> {
  const { databaseUrl } = opts;
  const server = await startGavelProcess(
    'server/main.ts',
    {
      PORT: '0',
      SEED: 'never',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/tmp/gavel-bench',
      CSRF_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...opts.serverEnv,
      DATABASE_URL: databaseUrl,
    },
    /Gavel is running at http:\/\/localhost:(\d+)/,
    60_000,
  );
  const queries = listingQueries();
  const perQuery = queries.map(() => new LatencyHistogram());
  const all = new LatencyHistogram();
  let serverCpu = 0;
  let dbCpu = 0;
  try {
    const pool = new Pool(`http://127.0.0.1:${server.match[1]}`, { connections: LISTING_CLIENTS });
    const get = async (p: string) => {
      const res = await pool.request({ method: 'GET', path: p });
      const body = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`GET ${p}: ${res.statusCode} ${body.slice(0, 200)}`);
    };
    for (let round = 0; round < 5; round++) for (const q of queries) await get(q.path);
    const serverCpuBefore = processCpuMs(server.child.pid!);
    const dbCpuBefore = await backendsCpu(databaseUrl);
    const until = performance.now() + opts.seconds * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: LISTING_CLIENTS }, async () => {
        while (performance.now() < until) {
          const i = n++ % queries.length;
          const t = performance.now();
          await get(queries[i].path);
          const ms = performance.now() - t;
          perQuery[i].record(ms);
          all.record(ms);
        }
      }),
    );
    serverCpu = processCpuMs(server.child.pid!) - serverCpuBefore;
    for (const [pid, now] of await backendsCpu(databaseUrl)) dbCpu += now - (dbCpuBefore.get(pid) ?? 0);
    await pool.close();
  } finally {
    await server.stop();
  }
  const sum = all.summary();
  const result = {
    overall: { p50: sum.p50, p95: sum.p95, requestsPerSecond: Math.round(all.count / opts.seconds), count: all.count },
    cpu: {
      serverMsPerRequest: Math.round((serverCpu / Math.max(1, all.count)) * 100) / 100,
      databaseMsPerRequest: Math.round((dbCpu / Math.max(1, all.count)) * 100) / 100,
    },
    perQuery: queries.map((q, i) => {
      const s = perQuery[i].summary();
      return { label: q.label, path: q.path, p50: s.p50, p95: s.p95, count: s.count };
    }),
  };
  const figures: FigureSet = {
    figures: {
      'overall p95': { value: result.overall.p95, unit: 'ms', better: 'lower' },
      'requests per second': { value: result.overall.requestsPerSecond, unit: 'req/s', better: 'higher' },
      'server CPU per request': { value: result.cpu.serverMsPerRequest, unit: 'ms', better: 'lower' },
      'database CPU per request': { value: result.cpu.databaseMsPerRequest, unit: 'ms', better: 'lower' },
      // One query's p95 rests on a few dozen requests here: it drifts only when twice as slow.
      ...Object.fromEntries(
        result.perQuery.map((q) => [`p95 ${q.label}`, { value: q.p95, unit: 'ms' as const, better: 'lower' as const, tolerance: PER_QUERY_TOLERANCE }]),
      ),
    },
  };
  return { ...result, setName: opts.setName, figures, drift: findDrift(opts.setName, figures, opts.baseline[opts.setName]) };
}

/** The report of a run: for each pass, one line per query then the overall figure. */
export function formatListingReport(r: ListingBenchResult): string {
  const pass = (title: string, p: ListingPass) => [
    `  ${title}:`,
    ...p.perQuery.map((q) => `    ${q.label.padEnd(42)} p95 ${String(q.p95).padStart(6)} ms   p50 ${String(q.p50).padStart(6)} ms   (${q.count} requests)`),
    `    ${'overall'.padEnd(42)} p95 ${String(p.overall.p95).padStart(6)} ms   p50 ${String(p.overall.p50).padStart(6)} ms   ${p.overall.requestsPerSecond} req/s`,
    `    CPU per request: server ${p.cpu.serverMsPerRequest} ms, database ${p.cpu.databaseMsPerRequest} ms`,
  ];
  return [
    `Listing over ${r.items.toLocaleString('en-US')} items (${r.lots.toLocaleString('en-US')} generated), ${LISTING_CLIENTS} clients, ${r.seconds} s each:`,
    ...pass('as served (first pages kept in memory a few seconds)', r),
    ...pass('every request read from the database', r.fromDatabase),
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      lots: { type: 'string', default: '100000' },
      'database-url': { type: 'string' },
      seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '8' },
      'record-baseline': { type: 'boolean', default: false },
      'no-explain': { type: 'boolean', default: false },
    },
  });
  const lots = Number(values.lots);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(lots) || lots < 0 || !(seconds > 0)) {
    console.error('usage: npm run bench:listing -- [--lots 100000] [--database-url postgres://…] [--seconds 8] [--record-baseline]');
    process.exit(2);
  }
  const r = await benchListing({ lots, seconds, databaseUrl: values['database-url'], log: (m) => console.log(m) });
  console.log(formatListingReport(r));
  if (r.explain && !values['no-explain']) console.log(`\nSlowest: ${r.explain.label}\n${r.explain.text}`);
  const drift = [...r.drift, ...r.fromDatabase.drift];
  if (values['record-baseline']) {
    for (const p of [r, r.fromDatabase]) {
      recordBaseline(BASELINE_FILE, p.setName, {
        recorded_at: new Date().toISOString().slice(0, 10),
        command: `npm run bench:listing -- --lots ${lots} --seconds ${seconds}`,
        figures: p.figures.figures,
      });
      console.log(`recorded as ${p.setName} in ${path.relative(rootDir, BASELINE_FILE)}`);
    }
  } else if (drift.length) {
    console.error(
      `\nDRIFT: ${drift.length} figure(s) further behind ${path.relative(rootDir, BASELINE_FILE)} than allowed (25 %; one query's p95: twice as slow):`,
    );
    for (const d of drift) console.error(`  ${describeDrift(d)}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
