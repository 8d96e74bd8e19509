import { useEffect, useRef, useState } from 'react';
import type { LiveState } from '@shared/schemas/live-sale.schema';
import { playBeep } from '../utils/beep';

/** How long a new online bid stays highlighted (ms). */
export const ONLINE_BID_HIGHLIGHT_MS = 6000;

/**
 * Notices online bids the moment they arrive (issue 15): a bid of kind `online` with an id not
 * seen before on the same lot is highlighted for {@link ONLINE_BID_HIGHLIGHT_MS} and, when `sound`
 * is on, a beep plays. The bids already there when the console opens (or a lot comes on the block)
 * are not announced. Returns the ids to highlight.
 */
export function useOnlineBidAlert(state: LiveState | null, sound: boolean): ReadonlySet<number> {
  const seen = useRef<{ lotId: number | null; ids: Set<number> } | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Set<number>());
  const soundRef = useRef(sound);
  useEffect(() => {
    soundRef.current = sound;
  }, [sound]);

  useEffect(() => {
    if (!state) return;
    const lotId = state.lot?.id ?? null;
    const ids = state.bids.map((b) => b.id);
    if (!seen.current || seen.current.lotId !== lotId) {
      seen.current = { lotId, ids: new Set(ids) };
      return;
    }
    const known = seen.current.ids;
    const arrived = state.bids.filter((b) => b.kind === 'online' && !known.has(b.id)).map((b) => b.id);
    for (const id of ids) known.add(id);
    if (arrived.length === 0) return;
    if (soundRef.current) playBeep();
    setFresh((prev) => new Set([...prev, ...arrived]));
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setFresh((prev) => new Set([...prev].filter((id) => !arrived.includes(id))));
    }, ONLINE_BID_HIGHLIGHT_MS);
    timers.current.add(timer);
  }, [state]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) window.clearTimeout(t);
      pending.clear();
    };
  }, []);

  return fresh;
}
