/**
 * Card form checks (the card method is not enabled yet; these are ready for when it is).
 * Source: spec/shopping.md §5 "Card form (not enabled)".
 */

/** Card brands recognised by number prefix. */
export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover';

/** Outcome of a check: `valid` and the message to show (success text for a valid number). */
export interface CardCheck {
  valid: boolean;
  message: string;
}

/** The digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * Brand by prefix: 4 Visa; 51-55 or 22-27 Mastercard; 34 or 37 American Express; 6 Discover;
 * null when none matches.
 */
export function detectCardBrand(input: string): CardBrand | null {
  const d = cardDigits(input);
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'Mastercard';
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^6/.test(d)) return 'Discover';
  return null;
}

/** Required length of a brand's numbers: 15 for American Express, 16 for the others. */
export function cardLength(brand: CardBrand): number {
  return brand === 'American Express' ? 15 : 16;
}

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/**
 * Checks a card number: only digits; length 15 (American Express) or 16 (other brands), 13-19
 * when the brand is unknown; Luhn checksum. Messages: 'Card number must be N digits',
 * 'BRAND cards must be N digits', 'Card number is too long', 'Invalid card number (checksum)',
 * 'Valid BRAND number'.
 */
export function checkCardNumber(input: string): CardCheck {
  const d = cardDigits(input);
  if (!/^\d*$/.test(d)) return { valid: false, message: 'Card number can only contain digits' };
  const brand = detectCardBrand(d);
  if (brand) {
    const len = cardLength(brand);
    if (d.length > len) return { valid: false, message: 'Card number is too long' };
    if (d.length < len) return { valid: false, message: `${brand} cards must be ${len} digits` };
  } else {
    if (d.length > 19) return { valid: false, message: 'Card number is too long' };
    if (d.length < 13) return { valid: false, message: 'Card number must be 13 digits' };
  }
  if (!luhnValid(d)) return { valid: false, message: 'Invalid card number (checksum)' };
  return { valid: true, message: `Valid ${brand ?? 'card'} number` };
}

/**
 * Checks an expiry `MM/YY` against `now`: 'Invalid month' outside 1-12, 'Card has expired'
 * once the month is over, 'Please enter expiry as MM/YY' for another shape.
 */
export function checkCardExpiry(input: string, now: Date = new Date()): CardCheck {
  const m = input.trim().match(/^(\d{1,2})\s*\/\s*(\d{2})$/);
  if (!m) return { valid: false, message: 'Please enter expiry as MM/YY' };
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return { valid: false, message: 'Invalid month' };
  const endOfMonth = new Date(year, month, 1); // first moment of the next month, local time
  if (endOfMonth.getTime() <= now.getTime()) return { valid: false, message: 'Card has expired' };
  return { valid: true, message: 'Valid expiry date' };
}

/** Checks a CVV: 3 digits, or 4 for American Express ('CVV must be N digits'). */
export function checkCardCvv(input: string, brand: CardBrand | null): CardCheck {
  const len = brand === 'American Express' ? 4 : 3;
  return new RegExp(`^\\d{${len}}$`).test(input.trim()) ? { valid: true, message: 'Valid CVV' } : { valid: false, message: `CVV must be ${len} digits` };
}

/** Checks the name on the card: required; letters, spaces, hyphens and apostrophes only. */
export function checkCardName(input: string): CardCheck {
  const v = input.trim();
  if (!v) return { valid: false, message: 'Name on card is required' };
  if (!/^[\p{L}\s'-]+$/u.test(v)) return { valid: false, message: 'Name on card can only contain letters, spaces, hyphens and apostrophes' };
  return { valid: true, message: 'Valid name' };
}
