import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_DIR, goalRatio, renderBenchChart, type BenchResults } from './bench-chart.js';

describe('bench chart (npm run bench, issue 19)', () => {
  it('when figures are drawn, then each with a target gets a bar, green when it meets the target and red when not; figures without one are left out', () => {
    const svg = renderBenchChart({
      date: '2026-11-24T10:00:00.000Z',
      seconds: 8,
      figures: [
        { figure: 'spread <fast>', text: '6,572 bids/s', target: '≥ 3,000', measured: 6572, unit: 'bids/s', goal: { op: '≥', value: 3000 } },
        { figure: 'fan-out p99', text: '241 ms', target: '≤ 200 ms', measured: 241, unit: 'ms', goal: { op: '≤', value: 200 } },
        { figure: 'what fits here', text: '19 ms', target: '—' },
      ],
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('spread &lt;fast&gt;');
    expect(svg).toContain('6,572 bids/s (target ≥ 3,000)');
    expect(svg).toContain('241 ms (target ≤ 200)');
    expect(svg).not.toContain('what fits here');
    expect(svg.match(/fill="#2f9e44"/g)).toHaveLength(1);
    expect(svg.match(/fill="#e03131"/g)).toHaveLength(1);
    expect(goalRatio(241, { op: '≤', value: 200 })).toBeLessThan(1);
    expect(goalRatio(6572, { op: '≥', value: 3000 })).toBeGreaterThan(2);
  });

  it('when the README shows the chart, then it is drawn from the figures kept beside it', () => {
    const results = JSON.parse(fs.readFileSync(path.join(BENCH_DIR, 'bench.json'), 'utf8')) as BenchResults;
    expect(fs.readFileSync(path.join(BENCH_DIR, 'bench.svg'), 'utf8')).toBe(renderBenchChart(results));
    expect(fs.readFileSync(path.resolve(BENCH_DIR, '../../README.md'), 'utf8')).toContain('](docs/bench/bench.svg)');
  });
});
