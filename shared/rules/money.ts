/**
 * Formats an amount of Malawi kwacha for display: `MK 1,250,000`.
 * No decimals (rounded half away from zero), thousands commas, zero is `MK 0`.
 * Accepts numbers or numeric strings (Postgres `numeric` arrives as a string); anything
 * unreadable shows as `MK 0`. Grouped by hand, not with `Intl.NumberFormat`: the page's first
 * `Intl` object loads the browser's locale data, which blocks a cheap phone for over 100 ms
 * (issue 17, total blocking time); the output is the same as en-US grouping.
 * Source: spec/shopping.md §1 and §9 "Currency display".
 */
export function formatMK(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value == null || !Number.isFinite(value)) return 'MK 0';
  const whole = Math.round(Math.abs(value));
  if (whole === 0) return 'MK 0';
  const digits = whole <= Number.MAX_SAFE_INTEGER ? groupDigits(String(whole)) : whole.toLocaleString('en-US');
  return `MK ${value < 0 ? '-' : ''}${digits}`;
}

/**
 * Groups a digits-only amount with commas as the user types (`1250000` → `1,250,000`).
 * Non-digits are dropped; an empty input gives ''.
 * Source: spec/shopping.md §4 "Bidding flow" step 1.
 */
export function groupDigits(input: string): string {
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Reads a grouped amount (`1,250,000`) back to a number; '' or no digits gives NaN. */
export function parseGroupedAmount(input: string): number {
  const digits = input.replace(/\D/g, '');
  return digits === '' ? Number.NaN : Number(digits);
}
