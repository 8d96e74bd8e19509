/** The spec's pagination fields. Source: spec/accounts-and-shell.md §3 "Pagination", spec/shopping.md §3. */
export interface PageInfo {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/**
 * Pagination of a page of `shown` rows out of `total`, for page `page` (1-based) of `perPage`:
 * last_page is at least 1; from/to are 1-based positions, null on an empty page.
 */
export function pageInfo(total: number, page: number, perPage: number, shown: number): PageInfo {
  const offset = (page - 1) * perPage;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from: shown ? offset + 1 : null,
    to: shown ? offset + shown : null,
  };
}
