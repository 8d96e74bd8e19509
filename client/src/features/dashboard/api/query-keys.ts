import { accountQueryKey } from '../../../lib/account-queries';
import type { HistoryStatus } from './get-bid-history';

/**
 * Query keys of a bidder's dashboard, the signed-in user's own (forgotten when the user changes)
 * and under their id (so another user's never shows):
 * the dashboard's first answer (active entries, stats, unfiltered history page 1), a filtered
 * history page, a page of the active bids screen. Source: spec/accounts-and-shell.md §2, §7.
 */
export const dashboardKeys = {
  all: (userId: number) => accountQueryKey('dashboard', userId),
  summary: (userId: number) => [...accountQueryKey('dashboard', userId), 'summary'] as const,
  histories: (userId: number) => [...accountQueryKey('dashboard', userId), 'history'] as const,
  history: (userId: number, q: { page: number; search: string; status: HistoryStatus }) => [...accountQueryKey('dashboard', userId), 'history', q] as const,
  actives: (userId: number) => [...accountQueryKey('dashboard', userId), 'active'] as const,
  active: (userId: number, q: { page: number; search: string }) => [...accountQueryKey('dashboard', userId), 'active', q] as const,
};
