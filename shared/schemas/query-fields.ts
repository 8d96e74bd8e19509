import { z } from 'zod';

/**
 * Rules for the query fields many lists share: paging, and ids that filter. A bad value is a 422
 * naming the field in words, never zod's default text nor a server error. Source: issue 18 (bad
 * input gets a clear 4xx).
 */

/** A query value left empty ('' or null) is the same as an absent one. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional id that filters a list (a whole number from 1; blank is absent); any bad value gets `message`. */
export const optionalQueryId = (message: string) => z.preprocess(blankToUndefined, z.coerce.number({ message }).int(message).positive(message).optional());

/** The largest page size any paged list serves. */
export const MAX_PER_PAGE = 100;

const PAGE_MESSAGE = 'The page must be a whole number from 1.';

/** A count asked for in a query (`label`: 'page size', 'limit'): a whole number from 1 to {@link MAX_PER_PAGE}; any bad value is told so. */
export function queryCount(label: string) {
  const message = `The ${label} must be a whole number from 1 to ${MAX_PER_PAGE}.`;
  return z.coerce.number({ message }).int(message).min(1, message).max(MAX_PER_PAGE, message);
}

/**
 * The `page` and `per_page` query fields of every paged list, with one wording for bad values:
 * `page` a whole number from 1 (default 1; at most `maxPage` when given, past it "The page is too
 * far."), `per_page` a whole number from 1 to {@link MAX_PER_PAGE} (default `perPage`). A bad value
 * is a 422 naming the field, never a server error. Source: spec/accounts-and-shell.md §3
 * "Pagination"; issue 18 (bad input gets a clear 4xx).
 */
export function pageQueryFields(perPage: number, opts: { maxPage?: number } = {}) {
  const page = z.coerce.number({ message: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE);
  return {
    page: (opts.maxPage != null ? page.max(opts.maxPage, 'The page is too far.') : page).default(1),
    per_page: queryCount('page size').default(perPage),
  };
}
