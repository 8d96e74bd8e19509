import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.js';

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not an http(s) URL. */
export function originOf(value: string | undefined | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins Gavel's own pages are served from: `APP_URL`'s and each of `ALLOWED_ORIGINS`
 * (comma-separated). A request's own host is always allowed besides these (see {@link isAllowedOrigin}).
 */
export function allowedOriginsOf(config: Pick<Config, 'APP_URL' | 'ALLOWED_ORIGINS'>): string[] {
  const list = [config.APP_URL, ...(config.ALLOWED_ORIGINS ?? '').split(',')].map((v) => originOf(v?.trim()));
  return [...new Set(list.filter((v): v is string => v !== null))];
}

/**
 * Whether `origin` (an Origin header, or a Referer's origin) is one of Gavel's own: the host the
 * request was sent to (`Host`), or one of `allowed`. A value that is not an http(s) URL (`null`
 * from a sandboxed frame, garbage) is foreign.
 */
export function isAllowedOrigin(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  const parsed = originOf(origin);
  if (!parsed) return false;
  if (allowed.includes(parsed)) return true;
  return host !== undefined && new URL(parsed).host === host.toLowerCase();
}

/**
 * Whether a request was made by another site: the browser says so (`Sec-Fetch-Site:
 * cross-site`), or its `Referer` is a foreign origin. Requests without either (typed addresses,
 * bookmarks, non-browser clients) are not cross-site. Source: issue 18 (the spec's
 * `GET /add-to-cart/{id}` must not let another site change a cart).
 */
export function isCrossSiteRequest(headers: IncomingHttpHeaders, allowed: readonly string[]): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  if (site === 'same-origin' || site === 'same-site' || site === 'none') return false;
  const referer = headers.referer;
  if (!referer) return false;
  return !isAllowedOrigin(referer, headers.host, allowed);
}
