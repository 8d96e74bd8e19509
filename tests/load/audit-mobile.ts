import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../helpers/processes.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Debian's Chromium; `CHROME_PATH` overrides it. Nothing is ever downloaded. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium's flags for the audit (headless, no sandbox in containers, no GPU, no background traffic). */
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** The figures one Lighthouse run gives for one page (times in ms, bytes transferred, score 0–100). */
export interface PageFigures {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  score: number;
  bytes: number;
}

/** A figure's name in {@link PageFigures}. */
export type FigureName = keyof PageFigures;

/** Order and labels of the printed columns. */
export const FIGURE_LABELS: { name: FigureName; label: string }[] = [
  { name: 'lcp', label: 'LCP' },
  { name: 'fcp', label: 'FCP' },
  { name: 'tbt', label: 'TBT' },
  { name: 'cls', label: 'CLS' },
  { name: 'score', label: 'score' },
  { name: 'bytes', label: 'bytes' },
];

/** A target: the figure must be at most (`max`) or at least (`min`) the value. */
export type Target = { max: number } | { min: number };

/**
 * The targets of issue 17 "Targets": home and item page LCP ≤ 2.5 s, FCP ≤ 1.5 s, TBT ≤ 200 ms,
 * CLS ≤ 0.05, performance score ≥ 95; the home page's first visit ≤ 200 KB transferred. The sale
 * catalogue is held to the same page targets (the issue names none of its own).
 */
export function targetsFor(page: AuditPageName): Partial<Record<FigureName, Target>> {
  const common: Partial<Record<FigureName, Target>> = {
    lcp: { max: 2500 },
    fcp: { max: 1500 },
    tbt: { max: 200 },
    cls: { max: 0.05 },
    score: { min: 95 },
  };
  return page === 'home' ? { ...common, bytes: { max: 200 * 1024 } } : common;
}

/** The three pages audited. */
export type AuditPageName = 'home' | 'item' | 'catalogue';

/** Whether `value` meets `target`. */
export function meets(value: number, target: Target): boolean {
  return 'max' in target ? value <= target.max : value >= target.min;
}

/** The median of `values` (the mean of the middle two for an even count); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median of each figure over `runs` (one page's runs). */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const out = {} as PageFigures;
  for (const { name } of FIGURE_LABELS) out[name] = median(runs.map((r) => r[name]));
  return out;
}

/** A figure as printed: ms as seconds with two decimals (TBT in ms), CLS with three decimals, bytes in KB. */
export function formatFigure(name: FigureName, value: number): string {
  if (!Number.isFinite(value)) return '–';
  switch (name) {
    case 'lcp':
    case 'fcp':
      return `${(value / 1000).toFixed(2)} s`;
    case 'tbt':
      return `${Math.round(value)} ms`;
    case 'cls':
      return value.toFixed(3);
    case 'score':
      return String(Math.round(value));
    case 'bytes':
      return `${Math.round(value / 1024)} KB`;
  }
}

function formatTarget(name: FigureName, target: Target | undefined): string {
  if (!target) return '';
  return 'max' in target ? `≤ ${formatFigure(name, target.max)}` : `≥ ${formatFigure(name, target.min)}`;
}

/** One audited page's result: its path and the figures of every run. */
export interface PageResult {
  page: AuditPageName;
  path: string;
  runs: PageFigures[];
}

/**
 * The printed table: one block per page with each figure's median over its runs, the target
 * beside it and ✓/✗, plus each run's figure in brackets. Answers the text and the number of
 * targets missed.
 */
export function formatAuditTable(results: PageResult[]): { text: string; missed: number } {
  let missed = 0;
  const lines: string[] = [];
  for (const r of results) {
    const med = medianFigures(r.runs);
    const targets = targetsFor(r.page);
    lines.push(`${r.page} ${r.path}  (median of ${r.runs.length} runs)`);
    for (const { name, label } of FIGURE_LABELS) {
      const target = targets[name];
      const ok = target ? meets(med[name], target) : undefined;
      if (ok === false) missed++;
      const mark = ok === undefined ? ' ' : ok ? '✓' : '✗';
      const each = r.runs.map((run) => formatFigure(name, run[name])).join(', ');
      lines.push(`  ${label.padEnd(6)} ${formatFigure(name, med[name]).padStart(8)}  ${formatTarget(name, target).padEnd(10)} ${mark}  [${each}]`);
    }
  }
  return { text: lines.join('\n'), missed };
}

/** The figures of one Lighthouse result (`lhr`). */
function figuresOf(lhr: { audits: Record<string, { numericValue?: number }>; categories: Record<string, { score: number | null }> }): PageFigures {
  const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lcp: n('largest-contentful-paint'),
    fcp: n('first-contentful-paint'),
    tbt: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    score: (lhr.categories.performance?.score ?? NaN) * 100,
    bytes: n('total-byte-weight'),
  };
}

/**
 * One Lighthouse run of `url` in a fresh Chromium: the performance category with Lighthouse's
 * defaults (mobile form factor, simulated slow 4G and CPU slowdown, storage cleared first).
 * `saveTo`: where to write the full JSON report (optional).
 */
export async function auditOnce(url: string, saveTo?: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    if (saveTo) fs.writeFileSync(saveTo, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
    return figuresOf(result.lhr);
  } finally {
    chrome.kill();
  }
}

/**
 * {@link auditOnce}, tried again (up to twice) when Lighthouse reports a runtime error such as a
 * page Chromium could not load on a busy machine; the error is printed, never averaged in.
 */
async function auditWithRetry(url: string, saveTo?: string): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, saveTo);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  (attempt ${attempt} failed, trying again: ${(err as Error).message})`);
    }
  }
}

/** Finds the audited paths in the seeded catalogue: an online lot's page and the catalogue of a sale with lots. */
async function findPages(baseUrl: string): Promise<Record<AuditPageName, string>> {
  const res = await fetch(`${baseUrl}/ajax-items?type=online`);
  if (!res.ok) throw new Error(`GET /ajax-items?type=online answered ${res.status}`);
  const body = (await res.json()) as { data: { id: number; auction_id: number | null }[] };
  const item = body.data[0];
  if (!item) throw new Error('the seeded catalogue has no online lot');
  const all = (await (await fetch(`${baseUrl}/ajax-items`)).json()) as { data: { auction_id: number | null }[] };
  let saleId: number | null = null;
  for (const id of new Set([...body.data, ...all.data].map((i) => i.auction_id).filter((v): v is number => v != null))) {
    if ((await fetch(`${baseUrl}/api/sales/${id}`)).ok) {
      saleId = id;
      break;
    }
  }
  if (saleId == null) throw new Error('the seeded catalogue has no published sale');
  return { home: '/', item: `/item/${item.id}`, catalogue: `/auctions/${saleId}` };
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', default: 'home,item,catalogue' },
      'save-reports': { type: 'string' },
      strict: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const pages = values.pages.split(',').map((p) => p.trim()) as AuditPageName[];
  if (!Number.isInteger(runs) || runs < 1 || pages.some((p) => !['home', 'item', 'catalogue'].includes(p))) {
    console.error('usage: npm run audit:mobile -- [--runs 3] [--pages home,item,catalogue] [--save-reports DIR] [--strict]');
    process.exit(2);
  }
  if (!fs.existsSync(path.join(rootDir, 'client', 'dist', 'index.html'))) {
    console.error('client/dist/index.html is missing: run `npm run build` first (this audit measures the built client).');
    process.exit(2);
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`${CHROMIUM_PATH} is missing: install Debian's chromium or set CHROME_PATH.`);
    process.exit(2);
  }
  const saveDir = values['save-reports'];
  if (saveDir) fs.mkdirSync(saveDir, { recursive: true });

  // The embedded default as `npm start` runs it: PGlite with the seeded catalogue in a folder of
  // its own, in-process bus and scheduler.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-audit-'));
  console.log(`starting Gavel (embedded PGlite, seeded) in ${dataDir} …`);
  const server = await startServerProcess(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'auto', DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    180_000,
  ).catch((err: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const stopServer = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopServer().then(() => process.exit(130)));
  try {
    const paths = await findPages(server.url);
    // One visit first so the server's own first-request work (database caches) is not measured.
    for (const name of pages) await fetch(`${server.url}${paths[name]}`);
    const results: PageResult[] = [];
    for (const name of pages) {
      const figures: PageFigures[] = [];
      for (let i = 1; i <= runs; i++) {
        const saveTo = saveDir ? path.join(saveDir, `${name}-${i}.json`) : undefined;
        const f = await auditWithRetry(`${server.url}${paths[name]}`, saveTo);
        console.log(
          `  ${name} run ${i}: LCP ${formatFigure('lcp', f.lcp)}, FCP ${formatFigure('fcp', f.fcp)}, CLS ${formatFigure('cls', f.cls)}, score ${formatFigure('score', f.score)}`,
        );
        figures.push(f);
      }
      results.push({ page: name, path: paths[name], runs: figures });
    }
    const { text, missed } = formatAuditTable(results);
    console.log(
      `\nLighthouse ${runs}× per page, mobile form factor, simulated throttling (Lighthouse defaults), ${CHROMIUM_PATH}, load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores\n`,
    );
    console.log(text);
    console.log(missed ? `\n${missed} figure(s) miss their target` : '\nevery figure meets its target');
    if (values.strict && missed) process.exitCode = 1;
  } finally {
    await stopServer();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
