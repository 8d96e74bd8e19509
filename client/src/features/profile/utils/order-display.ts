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
