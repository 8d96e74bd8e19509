import { describe, expect, it } from 'vitest';
import { itemImages, cardPicture } from '../../../client/src/features/items/utils/item-display.js';
import { pictureSource, webpSrcSet } from '../../../client/src/lib/picture-srcset.js';
import type { Item } from '../../../shared/schemas/item.schema.js';

const sized = {
  id: 7,
  url: '/uploads/items/3/k-800.webp',
  original_url: '/uploads/items/3/k-original.jpg',
  variants: [
    { width: 320, webp: '/uploads/items/3/k-320.webp', avif: '/uploads/items/3/k-320.avif' },
    { width: 800, webp: '/uploads/items/3/k-800.webp', avif: '/uploads/items/3/k-800.avif' },
    { width: 1200, webp: '/uploads/items/3/k-1200.webp', avif: '/uploads/items/3/k-1200.avif' },
  ],
};
const seeded = { id: 8, url: '/uploads/items/seed-1-card.webp', original_url: '/uploads/items/seed-1.webp' };

/** An item with the given media (only what the picture helpers read). */
const item = (media: Item['media']) => ({ media, cropped: media[0]?.url ?? null, image: media[0]?.original_url ?? null }) as Item;

describe('pictures as srcset (issue 13 "Lots (items)")', () => {
  it('when a picture has stored sizes, then its srcset lists the WebP widths and the src fits the place', () => {
    expect(webpSrcSet(sized)).toBe('/uploads/items/3/k-320.webp 320w, /uploads/items/3/k-800.webp 800w, /uploads/items/3/k-1200.webp 1200w');
    expect(pictureSource(sized, 400).src).toBe('/uploads/items/3/k-800.webp');
    expect(pictureSource(sized, 1600).src).toBe('/uploads/items/3/k-1200.webp');
  });

  it('when a picture has stored AVIF sizes, then they are offered as well (the browser takes AVIF when it reads it); with data saver only the narrowest', () => {
    expect(pictureSource(sized, 400).avifSrcSet).toBe('/uploads/items/3/k-320.avif 320w, /uploads/items/3/k-800.avif 800w, /uploads/items/3/k-1200.avif 1200w');
    expect(pictureSource(sized, 400, sized.url, true)).toEqual({ src: '/uploads/items/3/k-320.webp', avifSrcSet: '/uploads/items/3/k-320.avif' });
    // Sizes without AVIF (or only some with it) offer WebP alone.
    const webpOnly = {
      ...sized,
      variants: sized.variants.map(({ width, webp }, i) => (i === 1 ? { width, webp } : { width, webp, avif: `/x-${width}.avif` })),
    };
    expect(pictureSource(webpOnly, 400).avifSrcSet).toBeUndefined();
    expect(pictureSource(seeded, 400).avifSrcSet).toBeUndefined();
  });

  it('when a picture was stored before (the seed’s), then it keeps its one URL and no srcset', () => {
    expect(webpSrcSet(seeded)).toBeUndefined();
    expect(itemImages(item([seeded]))).toEqual([{ src: '/uploads/items/seed-1.webp' }]);
    expect(cardPicture(item([seeded]))).toEqual({ src: '/uploads/items/seed-1-card.webp' });
  });

  it('when an item mixes both, then the gallery gives each its own source and the card uses the cover’s sizes', () => {
    const [first, second] = itemImages(item([sized, seeded]));
    expect(first).toMatchObject({ src: '/uploads/items/3/k-1200.webp' });
    expect(first.srcSet).toContain('320w');
    expect(second).toEqual({ src: '/uploads/items/seed-1.webp' });
    expect(cardPicture(item([sized, seeded]))).toMatchObject({ src: '/uploads/items/3/k-800.webp' });
    expect(cardPicture(item([]))).toBeNull();
  });
});
