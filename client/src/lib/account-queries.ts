import type { QueryClient } from '@tanstack/react-query';

/**
 * First part of every query key whose answer belongs to the signed-in user (profile, orders,
 * saved searches, notification settings, live registrations …), so that one call forgets all of
 * them when the user changes: the next person on the same browser never sees the last one's data.
 */
export const ACCOUNT_QUERY_ROOT = 'account';

/** A query key under {@link ACCOUNT_QUERY_ROOT}: `accountQueryKey('profile', 'summary')` → `['account', 'profile', 'summary']`. */
export function accountQueryKey<const T extends readonly unknown[]>(...parts: T): readonly [typeof ACCOUNT_QUERY_ROOT, ...T] {
  return [ACCOUNT_QUERY_ROOT, ...parts] as const;
}

/** Drops every cached answer of the signed-in user (sign-out, or another user signed in). */
export function forgetAccountQueries(client: QueryClient): void {
  client.removeQueries({ queryKey: [ACCOUNT_QUERY_ROOT] });
}
