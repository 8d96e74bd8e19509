import { useEffect, useRef } from 'react';

/**
 * Runs `onFailure` once for each failed read of a query this component shows (after the cache's
 * own retries), not for a failure already cached before the component mounted (the mount reads
 * again and tells of its own failure). For the toast or log a screen gives when its data could
 * not be loaded. Pass the query's `error` and `errorUpdatedAt`.
 */
export function useQueryFailure(query: { error: Error | null; errorUpdatedAt: number }, onFailure: (error: Error) => void): void {
  const seen = useRef(query.errorUpdatedAt);
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!error || errorUpdatedAt === seen.current) return;
    seen.current = errorUpdatedAt;
    onFailure(error);
    // Once per failure: `onFailure` is usually a fresh arrow each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);
}
