/**
 * Responsive pictures of lots (issue 13 "Lots (items)": the public pages use the stored sizes as
 * `srcset`). A picture uploaded in the back office carries `variants` (WebP and AVIF at 320, 800
 * and 1600 px wide, never wider than the original); older pictures (the seed's) have none and keep
 * their one URL. Browsers that read AVIF take it (about a quarter fewer bytes: issue 17).
 */

/** A lot's picture as the API gives it, with its stored sizes when it has them. */
export interface SizedPicture {
  url: string;
  original_url: string;
  variants?: { width: number; webp: string; avif?: string }[];
}

/** What a picture shows: `src`, `srcSet` (WebP widths) and `avifSrcSet` (AVIF widths) when the picture has sizes. */
export interface PictureSource {
  src: string;
  srcSet?: string;
  avifSrcSet?: string;
}

/** `a-320.webp 320w, a-800.webp 800w, …` of stored sizes in `format`, or undefined without any (or when one lacks that format). */
export function sizesSrcSet(variants: readonly { width: number; webp: string; avif?: string }[], format: 'webp' | 'avif'): string | undefined {
  if (variants.length === 0 || variants.some((v) => !v[format])) return undefined;
  return variants.map((v) => `${v[format]} ${v.width}w`).join(', ');
}

/** `a-320.webp 320w, a-800.webp 800w, …` of a picture's WebP sizes, or undefined without any. */
export function webpSrcSet(picture: SizedPicture): string | undefined {
  return sizesSrcSet(picture.variants ?? [], 'webp');
}

/**
 * The source of a picture shown up to about `width` px (CSS) wide: with sizes, the narrowest WebP
 * at least that wide (the widest when none is) plus the `srcSet` for the browser to choose; without,
 * `fallback` (the URL the page used before), with `avifSrcSet` when every size has an AVIF. With
 * `saveData` (data saver on), the narrowest size alone (its AVIF as `avifSrcSet` when there is one).
 */
export function pictureSource(picture: SizedPicture, width: number, fallback: string = picture.url, saveData = false): PictureSource {
  const variants = picture.variants ?? [];
  if (variants.length === 0) return { src: fallback };
  // Data saver (issue 17): the narrowest stored size only, whatever the screen.
  if (saveData) return variants[0].avif ? { src: variants[0].webp, avifSrcSet: variants[0].avif } : { src: variants[0].webp };
  const fit = variants.find((v) => v.width >= width) ?? variants[variants.length - 1];
  const avifSrcSet = sizesSrcSet(variants, 'avif');
  return { src: fit.webp, srcSet: webpSrcSet(picture), ...(avifSrcSet ? { avifSrcSet } : {}) };
}
