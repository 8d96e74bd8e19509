import { useEffect, useState } from 'react';
import { atom, useAtomValue } from 'jotai';

/**
 * Server clock offset in ms (server now − browser now), set from the socket's `time:sync`
 * event. Countdowns use {@link useServerNow} so every viewer sees the same time left.
 */
export const serverOffsetMsAtom = atom(0);

/** Current time corrected by the server clock offset, re-rendering every `intervalMs`. */
export function useServerNow(intervalMs = 1000): Date {
  const offset = useAtomValue(serverOffsetMsAtom);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setTick(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return new Date(tick + offset);
}
