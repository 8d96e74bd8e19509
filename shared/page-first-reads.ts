import { HOME_PAGE_PATH, ITEM_PAGE_PATH, SALE_PAGE_PATH } from './client-routes.js';

/** Lots asked for per page of a sale's catalogue. Source: issue 13 "Sales". */
export const CATALOGUE_PAGE_SIZE = 48;

/** Bids per page of a lot's bid history. Source: spec/shopping.md §9. */
export const BID_PAGE_SIZE = 10;

/**
 * The home listing's first call when the address has no query: newest first, 9 a page
 * (spec/shopping.md §1). Any filter in the address changes it; the client then makes its own.
 */
export const DEFAULT_LISTING_CALL = '/ajax-items?sort_by=newest&per_page=9&page=1';

/** A page whose first API answers start before its code has run: the home page, lot `id`'s page or sale `id`'s catalogue. */
export type FirstReadPage = { kind: 'home' } | { kind: 'item' | 'sale'; id: number };

/** Which such page a URL path is (no query), or null for any other. */
export function firstReadPage(pathname: string): FirstReadPage | null {
  if (HOME_PAGE_PATH.test(pathname)) return { kind: 'home' };
  for (const [kind, path] of [
    ['item', ITEM_PAGE_PATH],
    ['sale', SALE_PAGE_PATH],
  ] as const) {
    const id = Number(path.exec(pathname)?.[1]);
    if (Number.isSafeInteger(id) && id > 0) return { kind, id };
  }
  return null;
}

/** One first call of a page: its path with its query, and whether the page's head announces it. */
export interface FirstReadCall {
  url: string;
  inHead: boolean;
}

/**
 * The API calls (paths with their query, exactly as the client's reads ask for them) whose answers
 * `page` shows first, for the address's query `search` ('' or '?…'): the home page's adverts and,
 * without a query, its first listing page, then its branches (the filters); a lot, page 1 of its
 * bids and the bid settings; a sale and its first page of lots; on every such page the
 * auctioneer's contact details (the footer). One table serves the server, which announces the
 * `inHead` ones in the page's head (`preload as=fetch`), the client, which starts all of them
 * before its code for the page has loaded, and the first render, which waits for them. The
 * branches and the contact details, drawn below the first screen, are not announced: on the home
 * page two more early requests delayed its largest picture (LCP median 2.04 → 2.83 s in one
 * comparison of 3 runs each). Source: issue 17 "The first API answers the home page needs come
 * with the HTML (or are preloaded)".
 */
export function firstReadCalls(page: FirstReadPage, search: string): FirstReadCall[] {
  const head = (url: string) => ({ url, inHead: true });
  const later = (url: string) => ({ url, inHead: false });
  const contact = later('/api/site/contact');
  switch (page.kind) {
    case 'home':
      return [head('/api/public/adverts'), ...(search && search !== '?' ? [] : [head(DEFAULT_LISTING_CALL)]), later('/ajax-branches'), contact];
    case 'item':
      return [
        head(`/ajax-item/${page.id}`),
        head(`/api/open-item/${page.id}/bids?page=1&per_page=${BID_PAGE_SIZE}`),
        head('/api/settings/auction-bid-increment'),
        contact,
      ];
    case 'sale':
      return [head(`/api/sales/${page.id}`), head(`/api/sales/${page.id}/lots?page=1&per_page=${CATALOGUE_PAGE_SIZE}`), contact];
  }
}
