/**
 * Staggered closing of an online sale (issue 13 "Sales"): the first lot closes at the sale's
 * `date_to` and each next lot `stagger_seconds` later, so bidders can follow the sale lot by lot.
 * Lot N closes at `date_to + (N - 1) × stagger_seconds`. The time is stored on the lot
 * (`items.date_to`), so everything that reads a lot's end (bids, soft close, the close job, the
 * countdowns) keeps working; soft close then moves each lot's own end.
 */

/** The most seconds between two lots' closes (a day). */
export const MAX_STAGGER_SECONDS = 86_400;

/** What decides whether a sale closes its lots one after another. */
export interface StaggerSale {
  /** The sale's kind: only online sales are staggered (a live sale's lots close under the hammer). */
  type: string;
  /** The sale's end (ISO string or Date); null: not staggered. */
  date_to: string | Date | null;
  /** Seconds between closes; null: each lot keeps its own end. */
  stagger_seconds: number | null;
}

/** True when the sale sets its lots' ends: an online sale with an end time and a stagger (0 included: every lot at the sale's end). */
export function isStaggered(sale: StaggerSale): boolean {
  return sale.type === 'online' && sale.date_to != null && sale.stagger_seconds != null && Number.isFinite(new Date(sale.date_to).getTime());
}

/**
 * When lot `lotNumber` (1-based) of a sale ending at `saleDateTo` closes, `staggerSeconds` apart:
 * `saleDateTo + (lotNumber - 1) × staggerSeconds`.
 * @throws RangeError for a lot number below 1 or not whole, a negative or fractional stagger, or an unreadable date.
 */
export function staggeredCloseAt(saleDateTo: string | Date, lotNumber: number, staggerSeconds: number): Date {
  if (!Number.isInteger(lotNumber) || lotNumber < 1) throw new RangeError(`A lot number is a whole number from 1 (got ${lotNumber}).`);
  if (!Number.isInteger(staggerSeconds) || staggerSeconds < 0) throw new RangeError(`The stagger is whole seconds from 0 (got ${staggerSeconds}).`);
  const end = new Date(saleDateTo).getTime();
  if (!Number.isFinite(end)) throw new RangeError('The sale has no readable end time.');
  return new Date(end + (lotNumber - 1) * staggerSeconds * 1000);
}

/** A lot as the stagger sees it: its id, its number in the sale, and its end now (ISO, Date or null). */
export interface StaggerLot {
  id: number;
  lot_number: number;
  date_to: string | Date | null;
}

/** A lot whose end the stagger moves: from `before` (null: it had none) to `after`. */
export interface StaggerChange {
  id: number;
  lot_number: number;
  before: Date | null;
  after: Date;
}

/**
 * The lots whose end must change for the sale's stagger (see {@link staggeredCloseAt}), in the
 * order given; none when the sale is not staggered ({@link isStaggered}). Lots already at their
 * time are left out.
 */
export function staggerChanges(sale: StaggerSale, lots: readonly StaggerLot[]): StaggerChange[] {
  if (!isStaggered(sale)) return [];
  const changes: StaggerChange[] = [];
  for (const lot of lots) {
    const after = staggeredCloseAt(sale.date_to!, lot.lot_number, sale.stagger_seconds!);
    const before = lot.date_to == null ? null : new Date(lot.date_to);
    if (before?.getTime() !== after.getTime()) changes.push({ id: lot.id, lot_number: lot.lot_number, before, after });
  }
  return changes;
}

/** When the sale's last lot closes: lot `lotCount`'s time, or the sale's end when it has no lots. */
export function lastCloseAt(saleDateTo: string | Date, lotCount: number, staggerSeconds: number): Date {
  return staggeredCloseAt(saleDateTo, Math.max(1, lotCount), staggerSeconds);
}
