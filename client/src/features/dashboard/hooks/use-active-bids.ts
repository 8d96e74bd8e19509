import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { DASHBOARD_MESSAGES, DASHBOARD_SEARCH_DEBOUNCE_MS } from '@shared/messages/dashboard';
import { getActiveBids } from '../api/get-active-bids';
import { dashboardKeys } from '../api/query-keys';
import type { BidRecordPage } from '../utils/bid-records';
import { applyBidPlaced, applyOutbid, takeClosed } from '../utils/live-updates';
import { useDashboardSocket } from './use-dashboard-socket';

/** Page size of /bid-dashboard/active-bids (a grid of 3 or 4 columns). */
export const ACTIVE_BIDS_PAGE_SIZE = 12;

/**
 * State of /bid-dashboard/active-bids from the server-state cache: a page of active entries with
 * search (500 ms) and pagination (the page shown stays while the next is read), live like the
 * dashboard (outbid flips, closed auctions leave the list; after a reconnect the page is read
 * again). Source: spec/accounts-and-shell.md §2, §7; issue 19 "Server data on the client".
 */
export function useActiveBids(userId: number) {
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, DASHBOARD_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [debounced]);

  const queryKey = dashboardKeys.active(userId, { page, search: debounced });
  const query = useQuery({
    queryKey,
    queryFn: () => getActiveBids({ page, perPage: ACTIVE_BIDS_PAGE_SIZE, search: debounced || undefined }),
    placeholderData: keepPreviousData,
    refetchOnReconnect: false,
  });

  // No longer live once left: a return shows it and reads it again.
  useEffect(() => () => void qc.invalidateQueries({ queryKey: dashboardKeys.actives(userId), refetchType: 'none' }), [qc, userId]);

  const keyText = JSON.stringify(queryKey);
  const change = useCallback(
    (fn: (d: BidRecordPage) => BidRecordPage) => qc.setQueryData<BidRecordPage>(JSON.parse(keyText) as unknown[], (d) => (d ? fn(d) : d)),
    [qc, keyText],
  );
  const data = query.data ?? null;
  const ids = data?.records.flatMap((r) => (r.kind === 'bid' ? [r.bid.item_id] : [])) ?? [];
  useDashboardSocket(ids, {
    onBidPlaced: (e) => {
      let found = false;
      change((d) => {
        const res = applyBidPlaced(d.records, e, userId);
        found = res.found;
        return res.found ? { ...d, records: res.records } : d;
      });
      if (!found && e.bid.user_id === userId) void query.refetch();
    },
    onOutbid: (e) =>
      change((d) => {
        const res = applyOutbid(d.records, e);
        return res.found ? { ...d, records: res.records } : d;
      }),
    onClosed: (e) =>
      change((d) => {
        const res = takeClosed(d.records, e, userId);
        return res.closed ? { ...d, records: res.records, pagination: { ...d.pagination, total: Math.max(0, d.pagination.total - 1) } } : d;
      }),
    onReconnect: () => void query.refetch(),
  });

  return {
    data,
    loading: query.isFetching && (query.isPending || query.isPlaceholderData),
    error: query.isError ? DASHBOARD_MESSAGES.failedToFetchActiveBids : null,
    search,
    setSearch,
    page,
    setPage,
    retry: () => void query.refetch(),
  };
}
