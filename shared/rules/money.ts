/** One formatter for every amount: building an `Intl.NumberFormat` costs about 100 µs, formatting with one under 1 µs. */
const WHOLE_KWACHA = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Formats an amount of Malawi kwacha for display: `MK 1,250,000`.
 * No decimals (rounded half away from zero), thousands commas, zero is `MK 0`.
 * Accepts numbers or numeric strings (Postgres `numeric` arrives as a string); anything
 * unreadable shows as `MK 0`.
 * Source: spec/shopping.md §1 and §9 "Currency display".
 */
export function formatMK(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value == null || !Number.isFinite(value)) return 'MK 0';
  const rounded = Math.round(Math.abs(value)) * Math.sign(value);
  return `MK ${WHOLE_KWACHA.format(rounded === 0 ? 0 : rounded)}`;
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
