import fs from 'node:fs';
import path from 'node:path';

/** A target a figure is measured against: at least (`≥`) or at most (`≤`) `value` `unit`. */
export interface BenchGoal {
  op: '≥' | '≤';
  value: number;
}

/** One line of `npm run bench`: its words, and the number behind them when it has a target. */
export interface BenchFigure {
  figure: string;
  /** What the bench printed, e.g. `6,572 bids/s (p99 74 ms)`. */
  text: string;
  /** The target as printed, e.g. `≥ 3,000`. */
  target: string;
  measured?: number;
  unit?: string;
  goal?: BenchGoal;
}

/** The figures of one run of `npm run bench` (`docs/bench/bench.json`). */
export interface BenchResults {
  /** ISO date of the run. */
  date: string;
  /** Measured seconds per bidding scenario (BENCH_SECONDS). */
  seconds: number;
  /** Where the figures come from, when not a whole run of this machine's bench. */
  note?: string;
  figures: BenchFigure[];
}

/** Where `npm run bench` writes its figures and chart; the README shows the chart. */
export const BENCH_DIR = path.resolve(import.meta.dirname, '..', '..', 'docs', 'bench');

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: n < 100 ? 1 : 0 });

/**
 * How well a figure meets its goal: 1 is exactly the target, above 1 better (measured ÷ target
 * for `≥`, target ÷ measured for `≤`).
 */
export function goalRatio(measured: number, goal: BenchGoal): number {
  if (goal.op === '≥') return measured / goal.value;
  return measured <= 0 ? Number.POSITIVE_INFINITY : goal.value / measured;
}

/**
 * An SVG bar chart of the figures that have a target: one bar per figure, its length how well it
 * meets its target (the dashed line is the target; bars past it are green, short of it red, capped
 * at 3× the target), labelled with the measured value and the target. Plain SVG 1.1, no script.
 */
export function renderBenchChart(results: BenchResults): string {
  const rows = results.figures.filter((f): f is BenchFigure & { measured: number; goal: BenchGoal } => f.measured !== undefined && f.goal !== undefined);
  const labelWidth = 360;
  const barWidth = 300;
  const valueWidth = 250;
  const rowHeight = 26;
  const top = 48;
  const maxRatio = 3;
  const width = labelWidth + barWidth + valueWidth + 20;
  const height = top + rows.length * rowHeight + 34;
  const x = (ratio: number) => labelWidth + (Math.min(ratio, maxRatio) / maxRatio) * barWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="10" y="20" font-size="15" font-weight="bold">Gavel bench: figures against their targets</text>`,
    `<text x="10" y="37" fill="#555">${escapeXml(`${results.date.slice(0, 10)}, ${results.seconds} s per bidding scenario${results.note ? ` — ${results.note}` : ''}`)}</text>`,
  ];
  rows.forEach((f, i) => {
    const y = top + i * rowHeight;
    const ratio = goalRatio(f.measured, f.goal);
    const met = ratio >= 1;
    parts.push(
      `<text x="10" y="${y + 16}">${escapeXml(f.figure)}</text>`,
      `<rect x="${labelWidth}" y="${y + 5}" width="${Math.max(1, x(ratio) - labelWidth).toFixed(1)}" height="14" fill="${met ? '#2f9e44' : '#e03131'}"/>`,
      `<text x="${labelWidth + barWidth + 10}" y="${y + 16}">${escapeXml(`${number(f.measured)} ${f.unit ?? ''} (target ${f.goal.op} ${number(f.goal.value)})`)}</text>`,
    );
  });
  const bottom = top + rows.length * rowHeight;
  parts.push(
    `<line x1="${x(1)}" y1="${top}" x2="${x(1)}" y2="${bottom}" stroke="#333" stroke-dasharray="4 3"/>`,
    `<text x="${x(1)}" y="${bottom + 16}" text-anchor="middle" fill="#333">target</text>`,
    `<text x="${x(maxRatio)}" y="${bottom + 16}" text-anchor="end" fill="#777">${maxRatio}× better</text>`,
    `<text x="${labelWidth}" y="${bottom + 16}" fill="#777">0</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}

/** Writes `bench.json` and `bench.svg` of `results` into `dir` (default {@link BENCH_DIR}); answers their paths. */
export function writeBenchResults(results: BenchResults, dir = BENCH_DIR): { json: string; svg: string } {
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'bench.json');
  const svg = path.join(dir, 'bench.svg');
  fs.writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(svg, renderBenchChart(results));
  return { json, svg };
}

// `tsx tests/load/bench-chart.ts [file.json]`: draws the chart again from a bench JSON.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const file = process.argv[2] ?? path.join(BENCH_DIR, 'bench.json');
  const results = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchResults;
  console.log(writeBenchResults(results, path.dirname(file)).svg);
}
