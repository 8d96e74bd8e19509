import type { ItemTiming } from './item-status.js';
import { itemKind } from './item-status.js';
import { bidRefusal, type BiddableLot } from './bid-refusal.js';

const MINUTE = 60_000;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Under this much time left a countdown shows seconds too (the soft-close minutes). Source: issue 20. */
export const SECONDS_SHOWN_UNDER_MS = 10 * MINUTE;

/** 'Xd Yh' over a day, 'Xh Ym' over an hour, else 'Ym'; under {@link SECONDS_SHOWN_UNDER_MS} 'Ym SSs' (or 'Ss'). */
function countdownText(left: number, withSeconds: boolean): string {
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (left > DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  if (left >= HOUR) return `${Math.floor(left / HOUR)}h ${minutes}m`;
  if (!withSeconds || left >= SECONDS_SHOWN_UNDER_MS) return `${minutes}m`;
  const seconds = Math.floor((left % MINUTE) / 1000);
  return minutes > 0 ? `${minutes}m ${String(seconds).padStart(2, '0')}s` : `${seconds}s`;
}

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
 * 'Xh Ym', otherwise 'Ym'; under 10 minutes with seconds ('9m 05s', then '42s') so the last
 * minutes of a soft close visibly tick; 'Ended' when past; 'No end date' when none.
 * Source: spec/shopping.md §4 and spec/accounts-and-shell.md §4; seconds: issue 20.
 */
export function detailTimeLeft(dateTo: string | null | undefined, now: Date = new Date()): string {
  if (!dateTo) return 'No end date';
  const left = new Date(dateTo).getTime() - now.getTime();
  if (!Number.isFinite(left)) return 'No end date';
  if (left <= 0) return 'Ended';
  return countdownText(left, true);
}

/** What a lot's clock counts to: its opening ('opens') or its end ('ends'). See {@link lotCountdown}. */
export interface LotCountdown {
  phase: 'opens' | 'ends';
  /** The label beside the countdown. */
  label: 'Opens in' | 'Time left';
  /** The countdown text. */
  text: string;
  /** `date_from` (ISO) while the lot waits to open, else null. */
  opensAt: string | null;
}

/**
 * The countdown a lot shows at `now`, decided by the shared bid rule ({@link bidRefusal}, the
 * one the server refuses bids with): while it refuses the lot as 'not_started', the lot counts
 * down to its opening (`phase` 'opens', label 'Opens in', `text` the time until `date_from`
 * as 'Xd Yh' / 'Xh Ym' / 'Ym', with seconds under 10 minutes on the detail page,
 * `opensAt` = `date_from`); otherwise to its end (`phase` 'ends', label 'Time left', `text`
 * from {@link cardTimeLeft} on cards (`style` 'card') or {@link detailTimeLeft} elsewhere).
 * Source: spec/shopping.md §4 "Time left text"; the opening countdown: issue 20.
 */
export function lotCountdown(lot: BiddableLot & ItemTiming, now: Date, style: 'card' | 'detail' = 'detail'): LotCountdown {
  if (bidRefusal(lot, now)?.reason === 'not_started' && lot.date_from) {
    const left = new Date(lot.date_from).getTime() - now.getTime();
    return { phase: 'opens', label: 'Opens in', text: countdownText(left, style === 'detail'), opensAt: lot.date_from };
  }
  const text = style === 'card' ? cardTimeLeft(lot, now) : detailTimeLeft(lot.date_to, now);
  return { phase: 'ends', label: 'Time left', text, opensAt: null };
}

/** How long before a lot's close its bidder's marker turns urgent (ms): 1 hour. Source: spec/shopping.md §9. */
export const URGENT_MS = HOUR;

/** Urgent marker: under 1 hour left and the user is not leading. Source: spec/shopping.md §9. */
export function isUrgent(dateTo: string | null | undefined, leading: boolean, now: Date = new Date()): boolean {
  if (!dateTo || leading) return false;
  const left = new Date(dateTo).getTime() - now.getTime();
  return left > 0 && left < URGENT_MS;
}
