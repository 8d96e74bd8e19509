/**
 * The pages of the client app, by route set, as React Router paths relative to the set's base
 * (`:name` one segment, `:name?` an optional last segment). The client's router is built from
 * these lists and the server answers 404 for any other page path (the client then shows its
 * not-found page). Source: spec/accounts-and-shell.md §2 "Route sets".
 */

/** The default set (entry paths other than /spa and /home-vue). */
export const DEFAULT_ROUTE_PATHS = [
  '',
  'homepage',
  'shop',
  'auctions',
  'auctions/:id',
  'about',
  'about-simple',
  'terms',
  'privacy',
  'item/:id',
  'cart',
  'checkout',
  'payment-success',
  'payment-cancel',
  'register-bid',
  'bid-dashboard',
  'bid-dashboard/active-bids',
  'bid-dashboard/watchlist',
  'profile',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'logout',
  'admin/:section?',
  'admin/bidders/:id',
  'admin/sales/:id',
  'admin/lots/:id',
  'live/:id',
  'admin/live/:id',
] as const;

/** The in-app set under /spa and /home-vue. */
export const SPA_ROUTE_PATHS = [
  '',
  'item/:id',
  'cart',
  'checkout',
  'payment-success',
  'payment-cancel',
  'register-bid',
  'profile',
  'bid-dashboard',
  'login',
  'register',
  'about',
] as const satisfies readonly (typeof DEFAULT_ROUTE_PATHS)[number][];

/** A client page path of either set. */
export type ClientRoutePath = (typeof DEFAULT_ROUTE_PATHS)[number];

/** The bases under which {@link SPA_ROUTE_PATHS} apply. */
export const SPA_BASES = ['spa', 'home-vue'] as const;

/** True when the path's segments fit the pattern's (literals case-insensitive, as the router matches). */
function fits(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  const required = parts.filter((p) => !p.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return false;
  return segments.every((segment, i) => {
    const part = parts[i];
    return part.startsWith(':') || part.toLowerCase() === segment.toLowerCase();
  });
}

/**
 * Whether a URL path (`/item/12`, `/spa/cart/`; no query) is a page of the client app: under
 * /spa or /home-vue one of {@link SPA_ROUTE_PATHS}, elsewhere one of
 * {@link DEFAULT_ROUTE_PATHS}. Any other path is the not-found page. Empty segments (a
 * trailing slash) are ignored, as the router does.
 * Source: spec/accounts-and-shell.md §2 "Route sets"; the 404 status: issue 20.
 */
export function isClientRoute(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0]?.toLowerCase();
  if (first && (SPA_BASES as readonly string[]).includes(first)) {
    return SPA_ROUTE_PATHS.some((p) => fits(p, segments.slice(1)));
  }
  return DEFAULT_ROUTE_PATHS.some((p) => fits(p, segments));
}

/**
 * The paths of the pages whose first API answers start before their code has run (the client's
 * start-up requests, the server's preloads and first screens): the home page in either route set;
 * an item page (the lot's id the first group); a sale catalogue (the sale's id the first group).
 * Source: issue 17 "The first API answers the home page needs come with the HTML".
 */
export const HOME_PAGE_PATH = /^\/(homepage|spa|home-vue)?\/?$/i;
/** See {@link HOME_PAGE_PATH}. */
export const ITEM_PAGE_PATH = /^\/(?:(?:spa|home-vue)\/)?item\/(\d+)\/?$/i;
/** See {@link HOME_PAGE_PATH}. */
export const SALE_PAGE_PATH = /^\/auctions\/(\d+)\/?$/i;
