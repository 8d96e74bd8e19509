import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { DASHBOARD_MESSAGES, DASHBOARD_SEARCH_DEBOUNCE_MS } from '@shared/messages/dashboard';
import { getActiveBids } from '../api/get-active-bids';
import type { BidRecordPage } from '../utils/bid-records';
import { applyBidPlaced, applyOutbid, takeClosed } from '../utils/live-updates';
import { useDashboardSocket } from './use-dashboard-socket';

/** Page size of /bid-dashboard/active-bids (a grid of 3 or 4 columns). */
export const ACTIVE_BIDS_PAGE_SIZE = 12;

/**
 * State of /bid-dashboard/active-bids: a page of active entries with search (500 ms) and
 * pagination, live like the dashboard (outbid flips, closed auctions leave the list).
 * Source: spec/accounts-and-shell.md §2, §7.
 */
export function useActiveBids(userId: number) {
  const [data, setData] = useState<BidRecordPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, DASHBOARD_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const seq = useRef(0);
  const dataRef = useRef(data);
  dataRef.current = data;

  const load = useCallback(async (p: number, s: string) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const res = await getActiveBids({ page: p, perPage: ACTIVE_BIDS_PAGE_SIZE, search: s || undefined });
      if (mine !== seq.current) return;
      setData(res);
      setError(null);
    } catch {
      if (mine === seq.current) setError(DASHBOARD_MESSAGES.failedToFetchActiveBids);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => setPage(1), [debounced]);
  useEffect(() => {
    void load(page, debounced);
  }, [page, debounced, load]);

  const put = (next: BidRecordPage) => {
    dataRef.current = next;
    setData(next);
  };
  const ids = data?.records.flatMap((r) => (r.kind === 'bid' ? [r.bid.item_id] : [])) ?? [];
  useDashboardSocket(ids, {
    onBidPlaced: (e) => {
      const prev = dataRef.current;
      if (!prev) return;
      const res = applyBidPlaced(prev.records, e, userId);
      if (res.found) put({ ...prev, records: res.records });
      else if (e.bid.user_id === userId) void load(page, debounced);
    },
    onOutbid: (e) => {
      const prev = dataRef.current;
      if (!prev) return;
      const res = applyOutbid(prev.records, e);
      if (res.found) put({ ...prev, records: res.records });
    },
    onClosed: (e) => {
      const prev = dataRef.current;
      if (!prev) return;
      const res = takeClosed(prev.records, e, userId);
      if (res.closed) put({ ...prev, records: res.records, pagination: { ...prev.pagination, total: Math.max(0, prev.pagination.total - 1) } });
    },
    onReconnect: () => void load(page, debounced),
  });

  return { data, loading, error, search, setSearch, page, setPage, retry: () => void load(page, debounced) };
}
