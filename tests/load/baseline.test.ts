import { describe, expect, it } from 'vitest';
import { describeDrift, findDrift, type FigureSet } from './baseline.js';

const recorded: FigureSet = {
  figures: {
    'overall p95': { value: 20, unit: 'ms', better: 'lower' },
    'requests per second': { value: 1000, unit: 'req/s', better: 'higher' },
    'p95 home (newest)': { value: 2, unit: 'ms', better: 'lower' },
  },
};
const measured = (p95: number, rps: number, home = 2): FigureSet => ({
  figures: {
    'overall p95': { value: p95, unit: 'ms', better: 'lower' },
    'requests per second': { value: rps, unit: 'req/s', better: 'higher' },
    'p95 home (newest)': { value: home, unit: 'ms', better: 'lower' },
  },
});

describe('the listing drift check (issue 21)', () => {
  it('when every figure is within 25 % of the recorded one, or better, then nothing drifts', () => {
    expect(findDrift('listing@100000', measured(25, 750), recorded)).toEqual([]);
    expect(findDrift('listing@100000', measured(5, 5000, 1), recorded)).toEqual([]);
  });

  it('when a latency is more than 25 % above its recorded value, then it drifts, with both figures', () => {
    const drift = findDrift('listing@100000', measured(25.1, 1000), recorded);
    expect(drift).toEqual([{ set: 'listing@100000', figure: 'overall p95', recorded: 20, measured: 25.1, unit: 'ms', behind: expect.closeTo(0.255, 3) }]);
    expect(describeDrift(drift[0])).toBe('listing@100000 overall p95: 25.1 ms, recorded 20 ms (26 % behind)');
  });

  it('when the throughput falls more than 25 % below its recorded value, then it drifts; worst first', () => {
    const drift = findDrift('listing@100000', measured(40, 749), recorded);
    expect(drift.map((d) => d.figure)).toEqual(['overall p95', 'requests per second']);
  });

  it('when a small latency moves by less than a millisecond, then it is noise, not drift', () => {
    expect(findDrift('s', measured(20, 1000, 2.9), recorded)).toEqual([]);
    expect(findDrift('s', measured(20, 1000, 3.1), recorded).map((d) => d.figure)).toEqual(['p95 home (newest)']);
  });

  it('when a figure has its own tolerance, then it drifts only beyond that one', () => {
    const noisy: FigureSet = { figures: { 'p95 one query': { value: 100, unit: 'ms', better: 'lower', tolerance: 1 } } };
    const at = (v: number): FigureSet => ({ figures: { 'p95 one query': { value: v, unit: 'ms', better: 'lower' } } });
    expect(findDrift('s', at(199), noisy)).toEqual([]);
    expect(findDrift('s', at(201), noisy).map((d) => d.figure)).toEqual(['p95 one query']);
  });

  it('when nothing is recorded for the set or a figure, then nothing drifts', () => {
    expect(findDrift('s', measured(99, 1), undefined)).toEqual([]);
    expect(findDrift('s', { figures: {} }, recorded)).toEqual([]);
  });
});
