import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { DASHBOARD_HISTORY_PAGE_SIZE, DASHBOARD_MESSAGES, DASHBOARD_SEARCH_DEBOUNCE_MS } from '@shared/messages/dashboard';
import { getActiveBids } from '../api/get-active-bids';
import { getBidHistory, type HistoryStatus } from '../api/get-bid-history';
import { getDashboard, type DashboardData } from '../api/get-dashboard';
import { getDashboardStats } from '../api/get-dashboard-stats';
import { dashboardKeys } from '../api/query-keys';
import { applyBidPlaced, applyOutbid, statsAfterClose, takeClosed } from '../utils/live-updates';
import { useDashboardSocket } from './use-dashboard-socket';

/**
 * State of the /bid-dashboard page from the server-state cache: the first active entries, the
 * stats and the Recent Bid History table (search debounced 500 ms back to page 1, status filter,
 * pagination; the unfiltered first page comes with the dashboard, other pages and filters are
 * read as asked and kept while the next is read), with Refresh. Live while mounted: `bid:placed`
 * moves current bids, `bid:outbid` flips an entry to Outbid, `auction:closed` moves it into
 * history as Won/Lost; stats follow (adjusted at once, then re-read from the server after the
 * event — no polling); after a reconnect everything is read again. Leaving marks it stale, so a
 * return shows it at once and reads it again behind.
 * Source: spec/accounts-and-shell.md §2, §4, §8, §9; issue 19 "Server data on the client".
 */
export function useBidDashboard(userId: number) {
  const qc = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, DASHBOARD_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<HistoryStatus>('all');
  const [page, setPage] = useState(1);
  // Search and filter changes go back to page 1.
  useEffect(() => setPage(1), [debouncedSearch, status]);

  const summaryKey = dashboardKeys.summary(userId);
  const summary = useQuery({ queryKey: summaryKey, queryFn: getDashboard, refetchOnReconnect: false });
  const unfiltered = page === 1 && !debouncedSearch && status === 'all';
  const historyQuery = useQuery({
    queryKey: dashboardKeys.history(userId, { page, search: debouncedSearch, status }),
    queryFn: () => getBidHistory({ page, perPage: DASHBOARD_HISTORY_PAGE_SIZE, search: debouncedSearch || undefined, status }),
    enabled: !unfiltered,
    placeholderData: keepPreviousData,
    refetchOnReconnect: false,
  });

  const setSummary = useCallback(
    (change: (d: DashboardData) => DashboardData) => qc.setQueryData<DashboardData>(dashboardKeys.summary(userId), (d) => (d ? change(d) : d)),
    [qc, userId],
  );
  const reloadStats = useCallback(() => {
    getDashboardStats()
      .then((stats) => setSummary((d) => ({ ...d, stats })))
      .catch(() => console.warn(DASHBOARD_MESSAGES.failedToFetchStats));
  }, [setSummary]);
  const reloadActive = useCallback(() => {
    getActiveBids({ page: 1, perPage: DASHBOARD_HISTORY_PAGE_SIZE })
      .then((active) => setSummary((d) => ({ ...d, active })))
      .catch(() => console.warn(DASHBOARD_MESSAGES.failedToFetchActiveBids));
  }, [setSummary]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    await Promise.all([summary.refetch(), unfiltered ? null : historyQuery.refetch()]);
    setRefreshing(false);
  }, [summary, historyQuery, unfiltered]);

  // No longer live once left: a return shows it and reads it again.
  useEffect(() => () => void qc.invalidateQueries({ queryKey: dashboardKeys.all(userId), refetchType: 'none' }), [qc, userId]);

  const active = summary.data?.active ?? null;
  const activeIds = active?.records.flatMap((r) => (r.kind === 'bid' ? [r.bid.item_id] : [])) ?? [];
  useDashboardSocket(activeIds, {
    onBidPlaced: (e) => {
      let found = false;
      setSummary((d) => {
        const res = applyBidPlaced(d.active.records, e, userId);
        found = res.found;
        return res.found ? { ...d, active: { ...d.active, records: res.records } } : d;
      });
      if (e.bid.user_id === userId) {
        if (!found) reloadActive();
        reloadStats();
      }
    },
    onOutbid: (e) => {
      let found = false;
      setSummary((d) => {
        const res = applyOutbid(d.active.records, e);
        found = res.found;
        return res.found ? { ...d, active: { ...d.active, records: res.records } } : d;
      });
      if (!found) reloadActive();
    },
    onClosed: (e) => {
      setSummary((d) => {
        const { records, closed } = takeClosed(d.active.records, e, userId);
        if (!closed) return d;
        const entry = { kind: 'bid' as const, bid: closed };
        return {
          active: { ...d.active, records, pagination: { ...d.active.pagination, total: Math.max(0, d.active.pagination.total - 1) } },
          stats: statsAfterClose(d.stats, closed.status === 'won'),
          // The unfiltered first page of the history takes the entry at its top.
          history: {
            ...d.history,
            records: [entry, ...d.history.records].slice(0, DASHBOARD_HISTORY_PAGE_SIZE),
            pagination: { ...d.history.pagination, total: d.history.pagination.total + 1 },
          },
        };
      });
      reloadStats();
      void qc.invalidateQueries({ queryKey: dashboardKeys.histories(userId) });
    },
    onReconnect: () => void qc.invalidateQueries({ queryKey: dashboardKeys.all(userId) }),
  });

  return {
    loading: summary.isPending,
    refreshing,
    error: summary.isError ? DASHBOARD_MESSAGES.failedToLoad : null,
    active,
    stats: summary.data?.stats ?? null,
    history: unfiltered ? (summary.data?.history ?? null) : (historyQuery.data ?? null),
    historyLoading: !unfiltered && historyQuery.isFetching,
    historyError: !unfiltered && historyQuery.isError ? DASHBOARD_MESSAGES.failedToLoadBidHistory : null,
    search,
    setSearch,
    status,
    setStatus,
    page,
    setPage,
    refresh,
    retryHistory: () => void (unfiltered ? summary.refetch() : historyQuery.refetch()),
  };
}
