import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { DASHBOARD_HISTORY_PAGE_SIZE, DASHBOARD_MESSAGES, DASHBOARD_SEARCH_DEBOUNCE_MS } from '@shared/messages/dashboard';
import type { DashboardStats } from '@shared/schemas/dashboard.schema';
import { getActiveBids } from '../api/get-active-bids';
import { getBidHistory, type HistoryStatus } from '../api/get-bid-history';
import { getDashboard } from '../api/get-dashboard';
import { getDashboardStats } from '../api/get-dashboard-stats';
import type { BidRecordPage } from '../utils/bid-records';
import { applyBidPlaced, applyOutbid, statsAfterClose, takeClosed } from '../utils/live-updates';
import { useDashboardSocket } from './use-dashboard-socket';

/**
 * State of the /bid-dashboard page: the first active entries, the stats and the Recent Bid
 * History table (search debounced 500 ms back to page 1, status filter, pagination), with
 * Refresh. Live while mounted: `bid:placed` moves current bids, `bid:outbid` flips an entry to
 * Outbid, `auction:closed` moves it into history as Won/Lost; stats follow (adjusted at once,
 * then re-read from the server after the event — no polling).
 * Source: spec/accounts-and-shell.md §2, §4, §8, §9.
 */
export function useBidDashboard(userId: number) {
  const [active, setActive] = useState<BidRecordPage | null>(null);
  const [history, setHistory] = useState<BidRecordPage | null>(null);
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const [loading, setLoading] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [historyLoading, setHistoryLoading] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, DASHBOARD_SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<HistoryStatus>('all');
  const [page, setPage] = useState(1);
  const historySeq = useRef(0);
  const query = useRef({ page, search: debouncedSearch, status });
  query.current = { page, search: debouncedSearch, status };

  const loadHistory = useCallback(async () => {
    const seq = ++historySeq.current;
    const q = query.current;
    setHistoryLoading(true);
    try {
      const res = await getBidHistory({ page: q.page, perPage: DASHBOARD_HISTORY_PAGE_SIZE, search: q.search || undefined, status: q.status });
      if (seq !== historySeq.current) return;
      setHistory(res);
      setHistoryError(null);
    } catch {
      if (seq === historySeq.current) setHistoryError(DASHBOARD_MESSAGES.failedToLoadBidHistory);
    } finally {
      if (seq === historySeq.current) setHistoryLoading(false);
    }
  }, []);

  const loadAll = useCallback(async () => {
    try {
      const data = await getDashboard();
      setActive(data.active);
      setStats(data.stats);
      const q = query.current;
      if (q.page === 1 && !q.search && q.status === 'all') {
        historySeq.current++;
        setHistory(data.history);
        setHistoryError(null);
        setHistoryLoading(false);
      } else {
        await loadHistory();
      }
      setError(null);
    } catch {
      setError(DASHBOARD_MESSAGES.failedToLoad);
    }
  }, [loadHistory]);

  useEffect(() => {
    void loadAll().finally(() => setLoading(false));
  }, [loadAll]);

  // Search and filter changes go back to page 1; any query change reloads the table.
  const firstQuery = useRef(true);
  useEffect(() => {
    if (firstQuery.current) {
      firstQuery.current = false;
      return;
    }
    void loadHistory();
  }, [page, debouncedSearch, status, loadHistory]);
  useEffect(() => setPage(1), [debouncedSearch, status]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    await loadAll();
    setRefreshing(false);
  }, [loadAll]);

  const reloadStats = useCallback(() => {
    getDashboardStats()
      .then(setStats)
      .catch(() => console.warn(DASHBOARD_MESSAGES.failedToFetchStats));
  }, []);
  const reloadActive = useCallback(() => {
    getActiveBids({ page: 1, perPage: DASHBOARD_HISTORY_PAGE_SIZE })
      .then(setActive)
      .catch(() => console.warn(DASHBOARD_MESSAGES.failedToFetchActiveBids));
  }, []);

  // Socket handlers read the latest lists through refs (state updaters run later, not inline).
  const activeRef = useRef(active);
  activeRef.current = active;
  const historyRef = useRef(history);
  historyRef.current = history;
  const statsRef = useRef(stats);
  statsRef.current = stats;
  const putActive = (next: BidRecordPage) => {
    activeRef.current = next;
    setActive(next);
  };

  const activeIds = active?.records.flatMap((r) => (r.kind === 'bid' ? [r.bid.item_id] : [])) ?? [];
  useDashboardSocket(activeIds, {
    onBidPlaced: (e) => {
      const prev = activeRef.current;
      const res = prev ? applyBidPlaced(prev.records, e, userId) : { found: false, records: [] };
      if (prev && res.found) putActive({ ...prev, records: res.records });
      if (e.bid.user_id === userId) {
        if (!res.found) reloadActive();
        reloadStats();
      }
    },
    onOutbid: (e) => {
      const prev = activeRef.current;
      const res = prev ? applyOutbid(prev.records, e) : { found: false, records: [] };
      if (prev && res.found) putActive({ ...prev, records: res.records });
      else reloadActive();
    },
    onClosed: (e) => {
      const prev = activeRef.current;
      const { records, closed } = prev ? takeClosed(prev.records, e, userId) : { records: [], closed: null };
      if (prev && closed) {
        putActive({ ...prev, records, pagination: { ...prev.pagination, total: Math.max(0, prev.pagination.total - 1) } });
        if (statsRef.current) setStats(statsAfterClose(statsRef.current, closed.status === 'won'));
        const q = query.current;
        const h = historyRef.current;
        if (h && q.page === 1 && !q.search && (q.status === 'all' || q.status === closed.status)) {
          const entry = { kind: 'bid' as const, bid: closed };
          setHistory({
            ...h,
            records: [entry, ...h.records].slice(0, DASHBOARD_HISTORY_PAGE_SIZE),
            pagination: { ...h.pagination, total: h.pagination.total + 1 },
          });
        }
      }
      reloadStats();
      void loadHistory();
    },
    onReconnect: () => void loadAll(),
  });

  return {
    loading,
    refreshing,
    error,
    active,
    stats,
    history,
    historyLoading,
    historyError,
    search,
    setSearch,
    status,
    setStatus,
    page,
    setPage,
    refresh,
    retryHistory: loadHistory,
  };
}
