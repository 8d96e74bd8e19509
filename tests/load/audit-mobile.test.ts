import { describe, expect, it } from 'vitest';
import { formatAuditTable, median, medianFigures, type PageFigures } from './audit-mobile.js';

const run = (over: Partial<PageFigures>): PageFigures => ({ lcp: 2000, fcp: 1000, tbt: 100, cls: 0.01, score: 97, bytes: 150 * 1024, ...over });

describe('mobile audit table (npm run audit:mobile, issue 17)', () => {
  it('when three runs are summarised, then each figure is the middle run, not the mean', () => {
    expect(median([3, 1, 100])).toBe(3);
    expect(median([4, 2])).toBe(3);
    expect(Number.isNaN(median([]))).toBe(true);
    const m = medianFigures([run({ lcp: 9000 }), run({ lcp: 2100 }), run({ lcp: 2200 })]);
    expect(m.lcp).toBe(2200);
  });

  it('when a median misses its target, then its line is marked ✗ and counted; one that meets it is marked ✓', () => {
    const { text, missed } = formatAuditTable([
      { page: 'home', path: '/', runs: [run({ lcp: 3000 }), run({ lcp: 3100 }), run({ lcp: 2900, bytes: 300 * 1024 })] },
      { page: 'item', path: '/item/1', runs: [run({}), run({}), run({ score: 80 })] },
    ]);
    expect(missed).toBe(1);
    const line = (page: string, label: string) => {
      const block = text.split('\n');
      const start = block.findIndex((l) => l.startsWith(page));
      return block.slice(start).find((l) => l.trim().startsWith(label)) ?? '';
    };
    expect(line('home', 'LCP')).toMatch(/3\.00 s\s+≤ 2\.50 s\s+✗/);
    expect(line('home', 'bytes')).toMatch(/150 KB\s+≤ 200 KB\s+✓/);
    expect(line('item', 'score')).toMatch(/97\s+≥ 95\s+✓/);
    expect(line('item', 'bytes')).not.toMatch(/[✓✗]/);
  });
});
