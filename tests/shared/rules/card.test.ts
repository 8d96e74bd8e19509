import { describe, expect, it } from 'vitest';
import { checkCardCvv, checkCardExpiry, checkCardName, checkCardNumber, detectCardBrand, luhnValid } from '@shared/rules/card.js';

describe('card brand by prefix', () => {
  it.each([
    ['4111 1111 1111 1111', 'Visa'],
    ['5105105105105100', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['341111111111111', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['9999', null],
  ])('when the number is %s, then the brand is %s', (n, brand) => {
    expect(detectCardBrand(n)).toBe(brand);
  });
});

describe('card number check', () => {
  it('when a Visa number is short, then it says Visa cards must be 16 digits', () => {
    expect(checkCardNumber('4111 1111 1111')).toEqual({ valid: false, message: 'Visa cards must be 16 digits' });
  });
  it('when an American Express number has 16 digits, then it is too long', () => {
    expect(checkCardNumber('3782822463100050').message).toBe('Card number is too long');
  });
  it('when an unknown brand has fewer than 13 digits, then it asks for 13', () => {
    expect(checkCardNumber('9999 9999').message).toBe('Card number must be 13 digits');
  });
  it('when an unknown brand has 20 digits, then it is too long', () => {
    expect(checkCardNumber('9'.repeat(20)).message).toBe('Card number is too long');
  });
  it('when the checksum fails, then it says so', () => {
    expect(checkCardNumber('4111111111111112')).toEqual({ valid: false, message: 'Invalid card number (checksum)' });
  });
  it('when the number is valid, then it names the brand', () => {
    expect(checkCardNumber('4111-1111-1111-1111')).toEqual({ valid: true, message: 'Valid Visa number' });
    expect(checkCardNumber('378282246310005')).toEqual({ valid: true, message: 'Valid American Express number' });
  });
  it('Luhn accepts known test numbers and rejects a changed digit', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

describe('expiry, CVV and name', () => {
  const now = new Date(2026, 10, 21); // 21 November 2026
  it('when the month is 13, then Invalid month', () => {
    expect(checkCardExpiry('13/27', now).message).toBe('Invalid month');
  });
  it('when the month has passed, then Card has expired; the current month is still valid', () => {
    expect(checkCardExpiry('10/26', now).message).toBe('Card has expired');
    expect(checkCardExpiry('11/26', now).valid).toBe(true);
  });
  it('when the CVV has 3 digits, then it is valid except for American Express', () => {
    expect(checkCardCvv('123', 'Visa').valid).toBe(true);
    expect(checkCardCvv('123', 'American Express')).toEqual({ valid: false, message: 'CVV must be 4 digits' });
    expect(checkCardCvv('1234', 'American Express').valid).toBe(true);
  });
  it('when the name has digits, then it is refused; hyphens and apostrophes pass', () => {
    expect(checkCardName('Chikondi 2').valid).toBe(false);
    expect(checkCardName("Tiyamike O'Neil-Banda").valid).toBe(true);
  });
});
