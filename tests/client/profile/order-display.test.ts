import { describe, expect, it } from 'vitest';
import { formatOrderDate, orderSubtotal, paymentMethodLabel, statusColor, statusName } from '../../../client/src/features/profile/utils/order-display.js';

describe('purchase history display (spec/accounts-and-shell.md §4, §9)', () => {
  it('when a status name contains paid, confirmed or completed, then green; pending yellow; cancel or failed red; else grey', () => {
    expect(['Paid', 'Payment Confirmed', 'Completed'].map(statusColor)).toEqual(['green', 'green', 'green']);
    expect(statusColor('Pending')).toBe('yellow');
    expect(['Cancelled', 'Failed'].map(statusColor)).toEqual(['red', 'red']);
    expect(statusColor('Reserved')).toBe('gray');
    expect(statusName(null)).toBe('Pending');
    expect(statusColor(null)).toBe('yellow');
  });

  it('when labelling payment methods, then the spec labels, else the raw value', () => {
    expect(['cash', 'cod', 'card', 'bank', 'dpopay', 'mpamba'].map(paymentMethodLabel)).toEqual([
      'Cash on Delivery',
      'Cash on Delivery',
      'Card',
      'Bank Transfer',
      'DPO Pay',
      'mpamba',
    ]);
  });

  it('when showing a date, then short month, two-digit day and year (en-US); subtotal is total - VAT + discount', () => {
    expect(formatOrderDate('2026-11-05T10:00:00Z')).toBe('Nov 05, 2026');
    expect(orderSubtotal({ amount_total: 121_500, vat: 16_500, discount: 5_000 })).toBe(110_000);
  });
});
