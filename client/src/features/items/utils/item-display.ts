import type { Item } from '@shared/schemas/item.schema';
import { itemKind } from '@shared/rules/item-status';
import { pictureSource, type PictureSource } from '../../../lib/picture-srcset';

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

/**
 * Every picture of an item for the gallery, in order: media (a picture with stored sizes as its
 * widest WebP with a `srcSet` of them, issue 13, or its narrowest alone with `saveData`; others as
 * their original), else image/cropped.
 */
export function itemImages(item: Item, saveData = false): PictureSource[] {
  const seen = new Set<string>();
  const pictures: PictureSource[] = [];
  for (const m of item.media) {
    const picture = pictureSource(m, 1600, m.original_url || m.url, saveData);
    if (picture.src && !seen.has(picture.src)) {
      seen.add(picture.src);
      pictures.push(picture);
    }
  }
  if (pictures.length === 0) {
    if (item.image) pictures.push({ src: item.image });
    else if (item.cropped) pictures.push({ src: item.cropped });
  }
  return pictures;
}

/** The picture of a card: cropped, image, then the first media url; null for 'No Image'. */
export function cardImage(item: Item): string | null {
  return item.cropped || item.image || item.media[0]?.url || item.media[0]?.original_url || null;
}

/** The card's picture with the cover's WebP sizes as `srcSet` when it has them (issue 13); null for 'No Image'. */
export function cardPicture(item: Item, saveData = false): PictureSource | null {
  const image = cardImage(item);
  if (!image) return null;
  const cover = item.media[0];
  return cover?.variants?.length ? pictureSource(cover, 400, image, saveData) : { src: image };
}

/** Reference code shown on cards: code, else reference number, else `#id`. */
export function referenceCode(item: Item): string {
  return item.code || item.reference_number || `#${item.id}`;
}

/** Display name: name, else title. */
export function itemName(item: Item): string {
  return item.name || item.title || `Item ${item.id}`;
}
