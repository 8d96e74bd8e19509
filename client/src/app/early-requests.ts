import { HOME_PAGE_PATH, ITEM_PAGE_PATH, SALE_PAGE_PATH } from '@shared/client-routes';
import { buildUrl, requestEarly } from '../lib/api-client';
import { loadAdverts } from '../features/items/api/get-adverts';
import { parseListingQuery, toApiParams } from '../features/items/utils/listing-query';
import { CATALOGUE_PAGE_SIZE } from '../features/sale-catalogue/api/get-sale-lots';

/**
 * Starts the first API calls of the page being opened while its code still loads, so the
 * answers are there when it renders: the home page's adverts and first listing page, an item
 * page's item, a sale catalogue's sale and first page of lots. The page's own calls take these answers
 * (`requestEarly` in lib/api-client.ts). Source: issue 17 "The first API answers the home page
 * needs come with the HTML (or are preloaded), not after the JavaScript has run".
 */
export function startEarlyRequests(location: { pathname: string; search: string }): void {
  if (HOME_PAGE_PATH.test(location.pathname)) {
    void loadAdverts();
    requestEarly(buildUrl('/ajax-items', toApiParams(parseListingQuery(new URLSearchParams(location.search)), 1)));
    return;
  }
  const item = ITEM_PAGE_PATH.exec(location.pathname);
  if (item) {
    requestEarly(`/ajax-item/${item[1]}`);
    return;
  }
  const sale = SALE_PAGE_PATH.exec(location.pathname);
  if (sale) {
    requestEarly(`/api/sales/${sale[1]}`);
    requestEarly(buildUrl(`/api/sales/${sale[1]}/lots`, { page: 1, per_page: CATALOGUE_PAGE_SIZE }));
  }
}
