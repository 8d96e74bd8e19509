/**
 * Formats an ISO time as an en-GB date and time (`21 Nov 2026, 14:30`), or '' when missing.
 * Source: spec/shopping.md §1 "dates en-GB on the item area".
 */
export function formatDateTimeGB(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
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
