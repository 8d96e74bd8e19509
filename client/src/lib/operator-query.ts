import { useEffect } from 'react';
import { notifyError } from './notify';

/**
 * Query options every operator screen's read shares: an answer is stale at once, so a screen
 * opened again shows its cached rows straight away and reads them again behind them (another
 * operator, a job or the socket may have changed them meanwhile), as the screens did before the
 * cache. Operators work at a desk; the 15 s freshness of lib/query-client.ts is for bidders' data.
 */
export const operatorReadOptions = { staleTime: 0 } as const;

/**
 * Shows `message` as a red toast each time a read fails (`error` is the query's error, null or
 * undefined while it has none); the same failure is told once.
 */
export function useReadFailureNotice(error: unknown, message: string): void {
  useEffect(() => {
    if (error) notifyError(message);
  }, [error, message]);
}
