import { useEffect, useRef } from 'react';
import { notifyError } from './notify';

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

/**
 * Shows `message` as a red toast each time a read fails, as the operators' screens tell it:
 * `error` is the query's error (null or undefined while it has none) and the same failure is told
 * once. A screen that logs a failure, or words it from the error, uses {@link useQueryFailure}.
 */
export function useReadFailureNotice(error: unknown, message: string): void {
  useEffect(() => {
    if (error) notifyError(message);
  }, [error, message]);
}
