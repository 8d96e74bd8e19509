import { startTransition, useEffect, useState } from 'react';
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

/** A clock shared by every countdown of one tick interval: one timer, one reading of the time. */
export interface Ticker {
  /** The browser's time (epoch ms) at the last tick. */
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const tickers = new Map<number, Ticker>();

/** How old (ms) a shared clock's reading may be when a countdown first reads it. */
const FRESH_MS = 1000;

/**
 * The shared clock ticking every `intervalMs` (browser time, epoch ms). It runs while some
 * countdown uses it. A countdown that starts on a clock older than a second (or ahead of the
 * browser's time by as much, when the phone's clock is set back) refreshes it for all,
 * so nothing starts with a time up to a whole (30 s) interval old.
 */
export function tickerFor(intervalMs: number): Ticker {
  const existing = tickers.get(intervalMs);
  if (existing) return existing;
  const ticker: Ticker = {
    now: Date.now(),
    listeners: new Set(),
    timer: undefined,
    subscribe(listener) {
      ticker.listeners.add(listener);
      if (ticker.timer === undefined) {
        ticker.timer = setInterval(() => {
          ticker.now = Date.now();
          for (const l of ticker.listeners) l();
        }, intervalMs);
      }
      if (Math.abs(Date.now() - ticker.now) > FRESH_MS) {
        ticker.now = Date.now();
        for (const l of ticker.listeners) l();
      }
      return () => {
        ticker.listeners.delete(listener);
        if (ticker.listeners.size === 0) {
          clearInterval(ticker.timer);
          ticker.timer = undefined;
        }
      };
    },
    read() {
      // Unused since its last tick: start from now.
      if (ticker.listeners.size === 0 && Math.abs(Date.now() - ticker.now) > FRESH_MS) ticker.now = Date.now();
      return ticker.now;
    },
  };
  tickers.set(intervalMs, ticker);
  return ticker;
}

/**
 * Current time corrected by the server clock offset, re-rendering every `intervalMs`. Every
 * countdown of one interval shares one clock ({@link tickerFor}), so a catalogue's 48 countdowns
 * change together in one render each second rather than in a render each at its own moment.
 * The offset is taken to half that interval (within 250 ms for a 1 s countdown): a clock sync that
 * moves it less renders nothing again, so a listing ticking every 30 s is not drawn again whole
 * when the connection first syncs its clock (issue 17: little work on a cheap phone).
 */
export function useServerNow(intervalMs = 1000): Date {
  const offset = useAtomValue(roundedOffsetAtom(intervalMs));
  const tick = useTick(tickerFor(intervalMs));
  return new Date(tick + offset);
}

/**
 * The time (epoch ms) of `ticker`'s last tick, drawn again at each tick. Held in state, not read
 * through `useSyncExternalStore`: a clock that moves while React draws a page in slices would make
 * React throw those slices away and draw the whole page again at once, the longest task of a
 * cheap phone's first load (issue 17). Countdowns drawn a tick apart in one render agree again at
 * the next tick. The server's drawing of a first screen reads the same clock
 * (server/http/first-screen.ts).
 */
function useTick(ticker: Ticker): number {
  const [tick, setTick] = useState(ticker.read);
  useEffect(() => {
    // A tick redraws in slices React can interrupt for input: a listing's cards at once are a long task.
    const update = () => startTransition(() => setTick(ticker.now));
    const unsubscribe = ticker.subscribe(update);
    // A tick between this countdown's render and now.
    update();
    return unsubscribe;
  }, [ticker]);
  return tick;
}

/** How close (ms) one of a page's change instants must be before {@link useNowAround} ticks every second. */
export const NEAR_CHANGE_MS = 60_000;

/**
 * The tick (ms) of a clock for what changes only at the instants `changes` (epoch ms), at `now`
 * (epoch ms): 1,000 from two minutes before any of them until a minute after it, 30,000
 * otherwise. A 30 s tick always lands inside the two minutes before a change, so no change is
 * shown late. Source: issue 17 (drawing only what changed).
 */
export function standingTickMs(changes: readonly number[], now: number): 1000 | 30_000 {
  return changes.some((at) => at - now > -NEAR_CHANGE_MS && at - now < 2 * NEAR_CHANGE_MS) ? 1000 : 30_000;
}

/**
 * `now` for what changes only at known instants (`changes`, epoch ms), such as a lot's opening,
 * its close and the start of its last 24 hours, ticking as {@link standingTickMs} says. A page
 * whose countdown ticks apart (its own {@link useServerNow}) so draws the rest again twice a
 * minute instead of every second (issue 17: a cheap phone's main thread).
 */
export function useNowAround(changes: readonly number[]): Date {
  const [tickMs, setTickMs] = useState<number>(1000);
  const now = useServerNow(tickMs);
  const wanted = standingTickMs(changes, now.getTime());
  if (wanted !== tickMs) setTickMs(wanted);
  return now;
}
