import type { LotView } from '@shared/schemas/lot.schema';

/** A lot's state as operators read it: its label and badge colour (closed while its order settles counts apart). */
export function lotStatus(lot: Pick<LotView, 'status' | 'closed'>): { label: string; color: string } {
  if (lot.status === 'withdrawn') return { label: 'Withdrawn', color: 'gray' };
  if (lot.status === 'sold') return { label: 'Sold', color: 'green' };
  if (lot.status === 'unsold') return { label: 'Unsold', color: 'orange' };
  if (lot.closed) return { label: 'Closed', color: 'yellow' };
  return { label: 'Open', color: 'blue' };
}

/** The sale kinds as operators read them. */
export const KIND_LABELS: Record<LotView['sale']['kind'], string> = { online: 'Online', live: 'Live', cash: 'Daily sale' };

/** The status filter's choices (`GET /api/admin/lots?status=`). */
export const STATUS_CHOICES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed, settling' },
  { value: 'sold', label: 'Sold' },
  { value: 'unsold', label: 'Unsold' },
  { value: 'withdrawn', label: 'Withdrawn' },
];

/** The condition choices (the listing's condition filter offers the same values). */
export const CONDITION_CHOICES = [
  { value: 'new', label: 'New' },
  { value: 'used', label: 'Used' },
  { value: 'refurbished', label: 'Refurbished' },
  { value: 'repossessed', label: 'Repossessed' },
];

/** The smallest stored picture to show as a thumbnail (the 320 px WebP), or the picture itself. */
export function thumbnailOf(image: { url: string; variants: { width: number; webp: string }[] }): string {
  return image.variants[0]?.webp ?? image.url;
}
