import type { HistoryStatus } from './get-bid-history';

/**
 * Query keys of a bidder's dashboard, all under the user's id (so another user's never shows):
 * the dashboard's first answer (active entries, stats, unfiltered history page 1), a filtered
 * history page, a page of the active bids screen. Source: spec/accounts-and-shell.md §2, §7.
 */
export const dashboardKeys = {
  all: (userId: number) => ['dashboard', userId] as const,
  summary: (userId: number) => ['dashboard', userId, 'summary'] as const,
  histories: (userId: number) => ['dashboard', userId, 'history'] as const,
  history: (userId: number, q: { page: number; search: string; status: HistoryStatus }) => ['dashboard', userId, 'history', q] as const,
  actives: (userId: number) => ['dashboard', userId, 'active'] as const,
  active: (userId: number, q: { page: number; search: string }) => ['dashboard', userId, 'active', q] as const,
};
