import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { roundedOffsetAtom, serverOffsetMsAtom } from '../../client/src/lib/server-clock.js';

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
