import { firstReadCalls, firstReadPage } from '@shared/page-first-reads';
import { buildUrl, requestEarly } from '../lib/api-client';
import { loadAdverts } from '../features/items/api/get-adverts';
import { parseListingQuery, toApiParams } from '../features/items/utils/listing-query';

/**
 * Starts the first API calls of the page being opened while its code still loads, so the
 * answers are there when it renders: the calls of shared/page-first-reads.ts (most of them also
 * announced in the page's head by the server), and on a home page whose address has a query, its own
 * first listing page. The page's own calls take these answers (`requestEarly` in
 * lib/api-client.ts). Source: issue 17 "The first API answers the home page needs come with the
 * HTML (or are preloaded), not after the JavaScript has run".
 */
export function startEarlyRequests(location: { pathname: string; search: string }): void {
  const page = firstReadPage(location.pathname);
  if (!page) return;
  for (const call of firstReadCalls(page, location.search)) requestEarly(call.url);
  if (page.kind !== 'home') return;
  // Known before the first render, so the home page renders with its adverts area in place.
  void loadAdverts();
  if (location.search && location.search !== '?') {
    requestEarly(buildUrl('/ajax-items', toApiParams(parseListingQuery(new URLSearchParams(location.search)), 1)));
  }
}
