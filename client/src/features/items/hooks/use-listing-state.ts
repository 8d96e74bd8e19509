import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EMPTY_LISTING, clearFilters, parseListingQuery, serialiseListingQuery, type ListingState } from '../utils/listing-query';

/** `?a=1&b=x,y` with commas left readable (comma lists are the query's format). */
function toSearch(params: URLSearchParams): string {
  const s = params.toString().replace(/%2C/gi, ',');
  return s ? `?${s}` : '';
}

/**
 * The listing state, mirrored to the address query (the query is the source of truth, so a
 * reload or a shared link shows the same listing). `update` merges a patch; `clearAll`
 * drops every filter (and the search when `withSearch`). Source: spec/shopping.md §2.
 */
export function useListingState() {
  const location = useLocation();
  const navigate = useNavigate();
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  const state = useMemo(() => parseListingQuery(new URLSearchParams(location.search)), [location.search]);

  const go = useCallback(
    (next: ListingState) => {
      const search = toSearch(serialiseListingQuery(next));
      if (search === searchRef.current) return;
      searchRef.current = search;
      navigate({ search }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  const update = useCallback((patch: Partial<ListingState>) => go({ ...parseListingQuery(new URLSearchParams(searchRef.current)), ...patch }), [go]);

  const clearAll = useCallback(
    (withSearch = false) => {
      const cur = parseListingQuery(new URLSearchParams(searchRef.current));
      go(withSearch ? { ...EMPTY_LISTING, type: cur.type, sort: cur.sort } : { ...clearFilters(cur), search: cur.search });
    },
    [go],
  );

  return { state, update, clearAll };
}
