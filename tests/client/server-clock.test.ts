import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { roundedOffsetAtom, serverOffsetMsAtom, standingTickMs, tickerFor } from '../../client/src/lib/server-clock.js';

describe('countdowns on the server clock (issue 17: little work on a cheap phone)', () => {
  it('when the clock sync moves the offset by less than half a tick, then a countdown reads the same offset and renders nothing again', () => {
    const store = createStore();
    const seconds = roundedOffsetAtom(1000);
    const listing = roundedOffsetAtom(30_000);
    expect(roundedOffsetAtom(1000)).toBe(seconds);

    store.set(serverOffsetMsAtom, -120);
    expect(Object.is(store.get(seconds), 0)).toBe(true);
    expect(Object.is(store.get(listing), 0)).toBe(true);

    store.set(serverOffsetMsAtom, 380);
    expect(store.get(seconds)).toBe(500);
    expect(store.get(listing)).toBe(0);

    store.set(serverOffsetMsAtom, -21_000);
    expect(store.get(seconds)).toBe(-21_000);
    expect(store.get(listing)).toBe(-15_000);
  });
});

describe('a page that shows a lot standing ticks every second only near its changes (issue 17)', () => {
  const M = 60_000;
  const close = Date.UTC(2026, 10, 28, 15, 0, 0);

  it('when a change is more than two minutes away or over a minute past, then the clock ticks every 30 s', () => {
    expect(standingTickMs([close], close - 2 * M - 1)).toBe(30_000);
    expect(standingTickMs([close], close + M)).toBe(30_000);
    expect(standingTickMs([], close)).toBe(30_000);
  });

  it('when any change is under two minutes ahead or under a minute past, then it ticks every second', () => {
    expect(standingTickMs([close], close - 2 * M + 1)).toBe(1000);
    expect(standingTickMs([close], close)).toBe(1000);
    expect(standingTickMs([close], close + M - 1)).toBe(1000);
    expect(standingTickMs([close - 24 * 60 * M, close + 5 * M, close], close - 90_000)).toBe(1000);
  });

  it('when the clock ticks every 30 s far from a change, then one of its ticks lands in the second-by-second window before it', () => {
    // Whatever the phase of the 30 s ticks, one falls within the two minutes before the change.
    for (let phase = 0; phase < 30_000; phase += 1_000) {
      const ticks = Array.from({ length: 20 }, (_, i) => close - 10 * M + phase + i * 30_000);
      expect(ticks.some((t) => standingTickMs([close], t) === 1000 && t < close)).toBe(true);
    }
  });
});

describe('countdowns of one tick interval share one clock (issue 17: one render a second, not one per countdown)', () => {
  afterEach(() => vi.useRealTimers());

  it('when several countdowns tick every second, then one timer tells them all the same time, and stops when none is left', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 9, 0, 0) });
    const ticker = tickerFor(7_000);
    const seen: number[][] = [[], []];
    const stops = seen.map((list) => ticker.subscribe(() => list.push(ticker.read())));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(14_000);
    expect(seen[0]).toEqual([Date.UTC(2026, 10, 28, 9, 0, 7), Date.UTC(2026, 10, 28, 9, 0, 14)]);
    expect(seen[1]).toEqual(seen[0]);
    stops.forEach((stop) => stop());
    expect(vi.getTimerCount()).toBe(0);
  });

  it('when a countdown starts on a clock that last ticked long ago, then it reads the time now, not the last tick', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 9, 0, 0) });
    const ticker = tickerFor(30_000);
    const first = ticker.subscribe(() => {});
    vi.advanceTimersByTime(12_000);
    expect(ticker.read()).toBe(Date.UTC(2026, 10, 28, 9, 0, 0));
    let told = 0;
    const second = ticker.subscribe(() => (told += 1));
    expect(ticker.read()).toBe(Date.UTC(2026, 10, 28, 9, 0, 12));
    expect(told).toBe(1);
    first();
    second();
    vi.advanceTimersByTime(45_000);
    expect(ticker.read()).toBe(Date.UTC(2026, 10, 28, 9, 0, 57));
  });
});
