import fs from 'node:fs';

/** One measured figure: its value, its unit and which way is better. */
export interface Figure {
  value: number;
  unit: 'ms' | 'req/s';
  better: 'lower' | 'higher';
  /** This figure's own tolerance (a fraction), for noisy figures such as one query's p95 of a few dozen requests. */
  tolerance?: number;
}

/** A set of figures measured together (e.g. the listing over 100,000 lots), by figure name. */
export interface FigureSet {
  /** When and how the figures were measured (kept with them in the baseline file). */
  recorded_at?: string;
  command?: string;
  figures: Record<string, Figure>;
}

/** `tests/load/baseline.json`: figure sets by name (`listing@100000`, `listing@1000000` …). */
export type Baseline = Record<string, FigureSet>;

/** A figure that fell behind its recorded value by more than the tolerance. */
export interface Drift {
  set: string;
  figure: string;
  recorded: number;
  measured: number;
  unit: Figure['unit'];
  /** How far behind, as a fraction of the recorded value (0.3 = 30 % worse). */
  behind: number;
}

/** Latency differences below this many milliseconds are never drift (the histogram's grain and timer noise). */
export const DRIFT_FLOOR_MS = 1;

/**
 * Compares measured figures with the recorded ones of the same set: a figure drifts when it is
 * worse than recorded by more than `tolerance` (a fraction; 0.25 = 25 %) — a latency above
 * `recorded × (1 + tolerance)` (and more than {@link DRIFT_FLOOR_MS} above it), a throughput below
 * `recorded × (1 − tolerance)`. Figures missing on either side are skipped; better figures never
 * drift. A recorded figure's own `tolerance` replaces the default. Returns the drifted figures,
 * worst first. Source: issue 21 (drift check).
 */
export function findDrift(setName: string, measured: FigureSet, recorded: FigureSet | undefined, tolerance = 0.25): Drift[] {
  if (!recorded) return [];
  const out: Drift[] = [];
  for (const [name, was] of Object.entries(recorded.figures)) {
    const now = measured.figures[name];
    if (!now || !(was.value > 0)) continue;
    const behind = was.better === 'lower' ? (now.value - was.value) / was.value : (was.value - now.value) / was.value;
    const floorOk = was.unit !== 'ms' || now.value - was.value > DRIFT_FLOOR_MS;
    if (behind > (was.tolerance ?? tolerance) && floorOk)
      out.push({ set: setName, figure: name, recorded: was.value, measured: now.value, unit: was.unit, behind });
  }
  return out.sort((a, b) => b.behind - a.behind);
}

/** One line per drifted figure: `listing@100000 overall p95: 31.2 ms, recorded 20.1 ms (55 % behind)`. */
export function describeDrift(d: Drift): string {
  return `${d.set} ${d.figure}: ${d.measured} ${d.unit}, recorded ${d.recorded} ${d.unit} (${Math.round(d.behind * 100)} % behind)`;
}

/** Reads the baseline file; an absent file is an empty baseline. */
export function readBaseline(file: string): Baseline {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Baseline) : {};
}

/** Records `set` under `name` in the baseline file, keeping the other sets. */
export function recordBaseline(file: string, name: string, set: FigureSet): void {
  const all = readBaseline(file);
  all[name] = set;
  const sorted = Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
