import type { Item } from '@shared/schemas/item.schema';
import { itemKind } from '@shared/rules/item-status';

/** Type badge text and colour of an item: Daily Sale, Online, Live. Source: spec/shopping.md §2 "Item card". */
export function typeBadge(item: Item): { label: string; color: string } {
  const kind = itemKind(item);
  if (kind === 'live') return { label: 'Live', color: 'red' };
  if (kind === 'online') return { label: 'Online', color: 'blue' };
  return { label: 'Daily Sale', color: 'teal' };
}

/** Colour of a display status badge. */
export function statusColor(status: 'SOLD' | 'LIVE' | 'ENDING SOON'): string {
  return status === 'SOLD' ? 'dark' : status === 'LIVE' ? 'red' : 'orange';
}

/** Every picture of an item, largest first: media originals, then image/cropped. */
export function itemImages(item: Item): string[] {
  const urls = item.media.map((m) => m.original_url || m.url).filter(Boolean);
  if (urls.length === 0) {
    if (item.image) urls.push(item.image);
    else if (item.cropped) urls.push(item.cropped);
  }
  return [...new Set(urls)];
}

/** The picture of a card: cropped, image, then the first media url; null for 'No Image'. */
export function cardImage(item: Item): string | null {
  return item.cropped || item.image || item.media[0]?.url || item.media[0]?.original_url || null;
}

/** Reference code shown on cards: code, else reference number, else `#id`. */
export function referenceCode(item: Item): string {
  return item.code || item.reference_number || `#${item.id}`;
}

/** Display name: name, else title. */
export function itemName(item: Item): string {
  return item.name || item.title || `Item ${item.id}`;
}
