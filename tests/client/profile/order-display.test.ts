import { describe, expect, it } from 'vitest';
import {
  formatOrderDate,
  orderDocument,
  orderSubtotal,
  paymentMethodLabel,
  statusColor,
  statusName,
} from '../../../client/src/features/profile/utils/order-display.js';

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

describe('what an order prints as (issue 20)', () => {
  const day = (iso: string) => iso.slice(0, 10);
  it('when an order is paid or completed, then it is a Payment Confirmation', () => {
    expect(orderDocument({ status: { name: 'Paid', code: 'paid' }, paid_at: '2026-11-20T09:00:00.000Z' }, day)).toEqual({
      kind: 'confirmation',
      title: 'Payment Confirmation',
      state: 'Paid 2026-11-20',
    });
    expect(orderDocument({ status: { name: 'Completed', code: 'completed' } }).title).toBe('Payment Confirmation');
  });

  it('when a cash order is reserved, then it is an Order to pay in cash on delivery by the end of its reservation', () => {
    expect(orderDocument({ status: { name: 'Reserved', code: 'reserved' }, reserved_until: '2026-11-25T12:00:00.000Z', paid_at: null }, day)).toEqual({
      kind: 'order',
      title: 'Order',
      state: 'Reserved, pay cash on delivery by 2026-11-25',
    });
  });

  it('when an order awaits payment (or has no status), then it is an Invoice; cancelled and failed ones are Orders saying so', () => {
    expect(orderDocument({ status: { name: 'Awaiting Payment', code: 'awaiting_payment' } })).toEqual({
      kind: 'invoice',
      title: 'Invoice',
      state: 'Awaiting payment',
    });
    expect(orderDocument({ status: null }).title).toBe('Invoice');
    expect(orderDocument({ status: { name: 'Cancelled', code: 'cancelled' } })).toMatchObject({ title: 'Order', state: 'Cancelled, nothing to pay' });
    expect(orderDocument({ status: { name: 'Failed', code: 'failed' } })).toMatchObject({ title: 'Order', state: 'Payment failed' });
  });
});
