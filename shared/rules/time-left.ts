import type { ItemTiming } from './item-status.js';
import { itemKind } from './item-status.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Time-left text on an item card: cash items show 'Now'; past the end 'Ended'; no end date
 * 'TBD'; a day or more 'Xd Yh'; an hour or more 'Xh'; under an hour 'Soon'.
 * Source: spec/shopping.md §4 "Time left text" (card).
 */
export function cardTimeLeft(item: ItemTiming, now: Date = new Date()): string {
  if (itemKind(item) === 'cash') return 'Now';
  if (!item.date_to) return 'TBD';
  const left = new Date(item.date_to).getTime() - now.getTime();
  if (!Number.isFinite(left)) return 'TBD';
  if (left <= 0) return 'Ended';
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  if (left >= HOUR) return `${Math.floor(left / HOUR)}h`;
  return 'Soon';
}

/**
 * Time-left text on the detail page and the bid dashboard: over 24 h 'Xd Yh', over 0 h
 * 'Xh Ym', otherwise 'Ym'; 'Ended' when past; 'No end date' when none.
 * Source: spec/shopping.md §4 and spec/accounts-and-shell.md §4.
 */
export function detailTimeLeft(dateTo: string | null | undefined, now: Date = new Date()): string {
  if (!dateTo) return 'No end date';
  const left = new Date(dateTo).getTime() - now.getTime();
  if (!Number.isFinite(left)) return 'No end date';
  if (left <= 0) return 'Ended';
  const minutes = Math.floor((left % HOUR) / 60_000);
  if (left > DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  if (left >= HOUR) return `${Math.floor(left / HOUR)}h ${minutes}m`;
  return `${minutes}m`;
}

/** Urgent marker: under 1 hour left and the user is not leading. Source: spec/shopping.md §9. */
export function isUrgent(dateTo: string | null | undefined, leading: boolean, now: Date = new Date()): boolean {
  if (!dateTo || leading) return false;
  const left = new Date(dateTo).getTime() - now.getTime();
  return left > 0 && left < HOUR;
}
