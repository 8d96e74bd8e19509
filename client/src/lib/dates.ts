/** The time zone dates are shown in: the device's (undefined), or the one the server's drawing sets. */
let displayTimeZone: string | undefined;
/** One formatter for all dates: making one per call cost the item page tens of milliseconds. */
let dateTimeFormat: Intl.DateTimeFormat | null = null;

/**
 * Shows dates in `timeZone` (an IANA name) instead of the device's: the first screen drawn on the
 * server uses the auctioneer's zone (prerender/entry-server.tsx), as the e-mails do.
 */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  displayTimeZone = timeZone;
  dateTimeFormat = null;
}

/** The en-GB short month names (September is `Sept`, as en-GB formatting writes it). */
const MONTHS_GB = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Formats an ISO time as an en-GB date and time (`21 Nov 2026, 14:30`), or '' when missing.
 * In the device's zone it is written by hand, exactly as `Intl.DateTimeFormat('en-GB')` would:
 * the page's first `Intl` object loads the browser's locale data, which blocks a cheap phone for
 * over 100 ms (issue 17, total blocking time). In a set zone ({@link setDisplayTimeZone}) `Intl`
 * does it. Source: spec/shopping.md §1 "dates en-GB on the item area".
 */
export function formatDateTimeGB(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (displayTimeZone === undefined)
    return `${d.getDate()} ${MONTHS_GB[d.getMonth()]} ${d.getFullYear()}, ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: displayTimeZone,
  });
  return dateTimeFormat.format(d);
}

/** Short relative time of a past ISO instant (`just now`, `5 min ago`, `3 h ago`, or an en-GB date). */
export function formatRelativeTime(iso: string, now: Date): string {
  const t = new Date(iso).getTime();
  if (!Number.isFinite(t)) return '';
  const s = Math.max(0, Math.floor((now.getTime() - t) / 1000));
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return formatDateTimeGB(iso);
}
