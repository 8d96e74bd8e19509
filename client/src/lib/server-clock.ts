import { useEffect, useState } from 'react';
import { atom, useAtomValue, type Atom } from 'jotai';

/**
 * Server clock offset in ms (server now − browser now), set from the socket's `time:sync`
 * event. Countdowns use {@link useServerNow} so every viewer sees the same time left.
 */
export const serverOffsetMsAtom = atom(0);

/** Per tick interval, the offset rounded to half that interval (see {@link useServerNow}). */
const roundedOffsetAtoms = new Map<number, Atom<number>>();

/** The server clock offset (ms) as a countdown ticking every `intervalMs` uses it: rounded to half that interval, never -0. */
export function roundedOffsetAtom(intervalMs: number): Atom<number> {
  let rounded = roundedOffsetAtoms.get(intervalMs);
  if (!rounded) {
    const step = Math.max(1, intervalMs / 2);
    // `|| 0`: a small negative offset rounds to -0, which would count as a change from 0.
    rounded = atom((get) => Math.round(get(serverOffsetMsAtom) / step) * step || 0);
    roundedOffsetAtoms.set(intervalMs, rounded);
  }
  return rounded;
}

/**
 * Current time corrected by the server clock offset, re-rendering every `intervalMs`. The offset
 * is taken to half that interval (within 250 ms for a 1 s countdown): a clock sync that moves it
 * less renders nothing again, so a listing ticking every 30 s is not drawn again whole when the
 * connection first syncs its clock (issue 17: little work on a cheap phone).
 */
export function useServerNow(intervalMs = 1000): Date {
  const offset = useAtomValue(roundedOffsetAtom(intervalMs));
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setTick(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return new Date(tick + offset);
}
