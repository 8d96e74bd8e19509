/**
 * Malawi phone rule: optional +265, 265 or 0 prefix, then 9 digits starting 7, 8 or 9;
 * spaces, dashes and brackets are ignored. Source: spec/shopping.md §5 "Checkout, customer step".
 */
export function isMalawiPhone(input: string): boolean {
  const compact = input.replace(/[\s\-()]/g, '');
  return /^(?:\+265|265|0)?[789]\d{8}$/.test(compact);
}

/** Message shown when a phone fails {@link isMalawiPhone}. Source: spec/shopping.md §5. */
export const MALAWI_PHONE_MESSAGE = 'Please enter a valid Malawi phone number (e.g., +265 123 456 789 or 0888 123 456)';

/**
 * One key per Malawi number however it is written: its nine national digits (`+265 888 123 456`,
 * `0888-123-456` → `888123456`); null when `input` is not a Malawi number ({@link isMalawiPhone}).
 * Source: issue 18 (open orders are counted per phone).
 */
export function phoneKey(input: string): string | null {
  if (!isMalawiPhone(input)) return null;
  return input.replace(/\D/g, '').slice(-9);
}
