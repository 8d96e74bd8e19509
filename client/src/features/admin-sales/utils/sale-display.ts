import type { SaleView } from '@shared/schemas/sale.schema';

/** An ISO time as operators read a lot's close: `5 Dec 2026, 14:01:30` (en-GB, to the second); '—' for none. */
export function formatCloseTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** How the sale's lots close, in words: staggered N seconds apart, at the hammer (live), or each at its own end. */
export function closingText(sale: Pick<SaleView, 'kind' | 'stagger_seconds'>): string {
  if (sale.kind === 'live') return 'Lots close under the hammer';
  if (sale.kind === 'cash') return 'Daily sale: bought at the price';
  if (sale.stagger_seconds == null) return 'Each lot closes at its own end';
  if (sale.stagger_seconds === 0) return 'Every lot closes at the sale’s end';
  return `One lot every ${sale.stagger_seconds} s from the sale’s end`;
}

/** The kind as operators read it. */
export const KIND_LABELS: Record<SaleView['kind'], string> = { online: 'Online', live: 'Live', cash: 'Daily sale' };
