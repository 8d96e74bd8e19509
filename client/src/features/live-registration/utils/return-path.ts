/** Where a registration goes when the page was opened from nowhere in particular. Source: spec/shopping.md §2, §4. */
export const DEFAULT_RETURN_PATH = '/shop';

/**
 * A path on this site to go back to, or null: it must start with one '/' (not '//', which
 * names another host), hold no backslash or control character, and not lead back to
 * /register-bid itself.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(value)) return null;
  if (/^\/register-bid(?:[/?#]|$)/.test(value)) return null;
  return value;
}

/**
 * Where /register-bid returns after a successful registration: the lot it was opened from
 * (`?item_id=12` → `/item/12`), else a same-site `?return=` path ({@link sameSitePath}), else
 * /shop as the spec says. Issue 20 ("return to the lot they came from").
 */
export function registrationReturnPath(search: URLSearchParams): string {
  const itemId = Number(search.get('item_id'));
  if (Number.isInteger(itemId) && itemId > 0) return `/item/${itemId}`;
  return sameSitePath(search.get('return')) ?? DEFAULT_RETURN_PATH;
}
