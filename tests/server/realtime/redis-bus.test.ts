import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommittedEvent as DomainEvent } from '../../../server/events/domain-events.js';
import { RedisBus } from '../../../server/realtime/redis-bus.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

const channel = `gavel:test:${randomBytes(4).toString('hex')}`;
const a = new RedisBus(TEST_REDIS_URL, channel);
const b = new RedisBus(TEST_REDIS_URL, channel);
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const event = (count: number): DomainEvent => ({
  id: `e${count}`,
  type: 'watchlist.changed',
  subject: { type: 'user', id: 7 },
  actor: { type: 'user', id: 7 },
  created_at: '2026-11-23T00:00:00.000Z',
  payload: { user_id: 7, item_id: count, watching: true },
});

describe('RedisBus (scale-out)', () => {
  it('when a process publishes, then its own handlers get the event at once and exactly once, and the other process gets it once', async () => {
    await Promise.all([a.whenReady(), b.whenReady()]);
    const seenA: DomainEvent[] = [];
    const seenB: DomainEvent[] = [];
    a.subscribe((e) => seenA.push(e));
    b.subscribe((e) => seenB.push(e));
    await a.publish(event(1));
    // Delivered to the publisher before publish() resolves: no round trip through Redis.
    expect(seenA).toEqual([event(1)]);
    await b.publish(event(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(seenA).toEqual([event(1), event(2)]);
    expect(seenB.map((e) => (e.type === 'watchlist.changed' ? e.payload.item_id : 0)).sort()).toEqual([1, 2]);
  });
});
