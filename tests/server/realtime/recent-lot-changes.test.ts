import { describe, expect, it } from 'vitest';
import type { CommittedEvent } from '../../../server/events/domain-events.js';
import { RecentLotChanges } from '../../../server/realtime/recent-lot-changes.js';

const event = (type: string, payload: Record<string, unknown>) =>
  ({ id: `e${Math.random()}`, type, payload, actor: { type: 'system' }, created_at: '' }) as unknown as CommittedEvent;

describe('what a joining view may have missed (issue 17 "Live updates on a poor connection")', () => {
  it('a lot changed after a copy was read says so, a lot changed before it or never does not; a rescheduled sale names each lot it moved', () => {
    let now = 1_000_000;
    const changes = new RecentLotChanges(600_000, () => now);
    now += 10_000;
    changes.note(event('bid.placed', { item_id: 7 }));
    now += 1000;
    changes.note(event('sale.closes_rescheduled', { sale_id: 1, date_to: null, closes: [{ item_id: 8 }, { item_id: 9 }] }));
    expect(changes.changedSince(7, now - 500)).toBe(false);
    expect(changes.changedSince(7, now - 1500)).toBe(true);
    expect(changes.changedSince(8, now - 500)).toBe(true);
    expect(changes.changedSince(8, now)).toBe(false);
    expect(changes.changedSince(9, now - 1500)).toBe(true);
    expect(changes.changedSince(10, now - 2500)).toBe(false);
  });

  it('a change to every lot (the increments, a setting) counts for every lot, and a copy older than the memory (before the process started, or beyond the window) always may have missed something', () => {
    let now = 1_000_000;
    const changes = new RecentLotChanges(60_000, () => now);
    expect(changes.changedSince(5, now - 1)).toBe(true);
    now += 10_000;
    expect(changes.changedSince(5, now - 5000)).toBe(false);
    changes.note(event('increments.changed', { auction_type_id: null, before: [], after: [] }));
    expect(changes.changedSince(5, now - 1)).toBe(true);
    now += 120_000;
    expect(changes.changedSince(5, now - 1000)).toBe(false);
    expect(changes.changedSince(5, now - 61_000)).toBe(true);
  });
});
