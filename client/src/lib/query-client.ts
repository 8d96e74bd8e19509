import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How often a failed read is tried again: never for an answer the server gave (4xx), up to twice for the network or a 5xx. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/**
 * The one server-state cache of the app (TanStack Query). Lots stay live over the socket rather
 * than by refetching (lib/lot-cache.ts), so nothing is read again on window focus, and a read is
 * fresh for 15 s: bidders on costly mobile data pay for every request. Offline, a read is still
 * tried (the service worker answers with the copy it stored: the last listing and lots seen), and
 * a change is sent at once and fails with its message rather than waiting, queued, for the network.
 * Source: issue 19 "What we still write by hand", issue 17 (installable and offline: "never queued
 * silently").
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      gcTime: 5 * 60_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
