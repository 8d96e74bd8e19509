import { formatDateTimeGB } from '../../../lib/dates';

/**
 * Display rules of the purchase history. Source: spec/accounts-and-shell.md §4 "Purchase
 * history" and §9 (payment method labels, en-US dates, subtotal = total − VAT + discount).
 */

/** Badge colour by status name: green paid/confirmed/completed, yellow pending, red cancel/failed, grey otherwise. */
export function statusColor(name: string | null | undefined): 'green' | 'yellow' | 'red' | 'gray' {
  const n = (name ?? 'Pending').toLowerCase();
  if (/paid|confirmed|completed/.test(n)) return 'green';
  if (n.includes('pending')) return 'yellow';
  if (/cancel|failed/.test(n)) return 'red';
  return 'gray';
}

/** The status name, 'Pending' when missing. */
export function statusName(status: { name: string } | null | undefined): string {
  return status?.name || 'Pending';
}

/** Payment method label: cash/cod → Cash on Delivery, dpo → DPO Pay, card → Card, bank → Bank Transfer, else raw. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return '—';
  const m = method.toLowerCase();
  if (m === 'cash' || m === 'cod') return 'Cash on Delivery';
  if (m === 'dpo' || m === 'dpopay') return 'DPO Pay';
  if (m === 'card') return 'Card';
  if (m === 'bank') return 'Bank Transfer';
  return method;
}

/** Purchase-history date: short month, two-digit day, year (en-US), e.g. 'Nov 05, 2026'. */
export function formatOrderDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
}

/** Subtotal of an order: total − VAT + discount. */
export function orderSubtotal(o: { amount_total: number; vat?: number | null; discount?: number | null }): number {
  return o.amount_total - (o.vat ?? 0) + (o.discount ?? 0);
}

/** What a receipt is: a payment confirmation (paid), an order (reserved, cancelled) or an invoice (awaiting payment). */
export interface OrderDocument {
  kind: 'confirmation' | 'order' | 'invoice';
  /** 'Payment Confirmation', 'Order' or 'Invoice': the modal's title and the printed heading. */
  title: string;
  /** The order's state in words, printed after the title: 'Reserved, pay cash on delivery by 25 Nov 2026, 14:00'. */
  state: string;
}

/**
 * What an order prints as. Only a paid (or completed) order is a 'Payment Confirmation'; a
 * cash-on-delivery reservation is an 'Order' to pay in cash by the end of its reservation; an
 * order awaiting payment is an 'Invoice' (with its payment deadline, or 'Overdue' past it, when it
 * is a sale's invoice); a cancelled or failed one an 'Order' saying so. The
 * status is read from `status.code` (the server's), else from its name. Dates as `formatDate`
 * gives them (en-GB date and time by default).
 * Source: spec/accounts-and-shell.md §2 "Payment Confirmation modal", §4 "Purchase history"; issue 20.
 */
export function orderDocument(
  order: {
    status: { name: string; code?: string } | null;
    reserved_until?: string | null;
    paid_at?: string | null;
    invoice?: { due_at: string | null } | null;
  },
  formatDate: (iso: string) => string = formatDateTimeGB,
  now: number = Date.now(),
): OrderDocument {
  const code = (order.status?.code ?? order.status?.name ?? 'pending').toLowerCase().replace(/\s+/g, '_');
  if (code === 'paid' || code === 'completed' || (!order.status?.code && /paid|confirmed|completed/.test(code))) {
    return { kind: 'confirmation', title: 'Payment Confirmation', state: order.paid_at ? `Paid ${formatDate(order.paid_at)}` : 'Paid' };
  }
  if (code === 'reserved') {
    const by = order.reserved_until ? ` by ${formatDate(order.reserved_until)}` : '';
    return { kind: 'order', title: 'Order', state: `Reserved, pay cash on delivery${by}` };
  }
  if (code === 'cancelled') return { kind: 'order', title: 'Order', state: 'Cancelled, nothing to pay' };
  if (code === 'failed') return { kind: 'order', title: 'Order', state: 'Payment failed' };
  const due = order.invoice?.due_at;
  if (due) {
    const overdue = new Date(due).getTime() < now;
    return {
      kind: 'invoice',
      title: 'Invoice',
      state: overdue ? `Overdue: payment was due ${formatDate(due)}` : `Awaiting payment, pay by ${formatDate(due)}`,
    };
  }
  return { kind: 'invoice', title: 'Invoice', state: 'Awaiting payment' };
}
