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

/**
 * Formats an ISO time as an en-GB date and time (`21 Nov 2026, 14:30`), or '' when missing.
 * Source: spec/shopping.md §1 "dates en-GB on the item area".
 */
export function formatDateTimeGB(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
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
