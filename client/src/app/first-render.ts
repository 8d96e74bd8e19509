import type { QueryClient } from '@tanstack/react-query';
import { firstReadPage } from '@shared/page-first-reads';
import { auctioneerContactQueryOptions } from '../features/about/api/get-auctioneer-contact';
import { loadAdverts } from '../features/items/api/get-adverts';
import { parseListingQuery } from '../features/items/utils/listing-query';

/** How long the app's first render waits at most for the page's first answers (ms); later it renders without them. */
export const FIRST_RENDER_WAIT_MS = 2000;

/**
 * Reads into the server-state cache what the page at `location` shows first: on every page the
 * footer's contact details; the home page's adverts, branches and first listing page; a lot with
 * page 1 of its bids and the bid settings; a sale with its first lots: the calls of
 * shared/page-first-reads.ts, whose answers were started early (app/early-requests.ts). A failed read is left to the page, which shows its own
 * error.
 */
export async function readFirstPage(location: { pathname: string; search: string }, qc: QueryClient): Promise<void> {
  const reads: Promise<unknown>[] = [qc.prefetchQuery(auctioneerContactQueryOptions())];
  // A page's query options come with its own code (imported here only on that page), so other
  // pages' start-up code does not grow by them.
  const page = firstReadPage(location.pathname);
  if (page?.kind === 'home') {
    reads.push(
      loadAdverts(),
      import('../features/items/api/get-branches').then((m) => qc.prefetchQuery(m.branchesQueryOptions())),
      import('../features/items/hooks/use-item-listing').then((m) =>
        qc.prefetchInfiniteQuery(m.listingQueryOptions(parseListingQuery(new URLSearchParams(location.search)))),
      ),
    );
  }
  if (page?.kind === 'item') {
    const id = page.id;
    reads.push(
      import('../features/items/hooks/use-live-item').then((m) =>
        Promise.all([qc.prefetchQuery(m.itemQueryOptions(id)), qc.prefetchQuery(m.itemBidsQueryOptions(id, 1))]),
      ),
      import('../features/items/hooks/use-bid-support').then((m) => qc.prefetchQuery(m.bidSettingsQueryOptions())),
    );
  }
  if (page?.kind === 'sale') {
    const id = page.id;
    reads.push(
      import('../features/sale-catalogue/hooks/use-sale-catalogue').then((m) =>
        Promise.all([qc.prefetchQuery(m.saleQueryOptions(id)), qc.prefetchInfiniteQuery(m.saleLotsQueryOptions(id))]),
      ),
    );
  }
  await Promise.allSettled(reads);
}

/**
 * Resolves when the app may render its first page: once the start-up (`startup`: who is signed
 * in) and the page's first reads ({@link readFirstPage}) have finished, or after `waitMs`, whichever
 * comes first. Rendering with the answers in place makes the first render the only one: each
 * answer landing after it would render the page again, in one uninterruptible task, which on a
 * cheap phone blocks input for hundreds of milliseconds. The server's first screen stands
 * meanwhile. Never rejects. Source: issue 17 (total blocking time).
 */
export function readyForFirstRender(
  location: { pathname: string; search: string },
  qc: QueryClient,
  startup: Promise<unknown>,
  waitMs = FIRST_RENDER_WAIT_MS,
): Promise<void> {
  const ready = Promise.allSettled([startup, readFirstPage(location, qc)]);
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    void ready.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
