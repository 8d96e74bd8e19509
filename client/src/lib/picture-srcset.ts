/**
 * Responsive pictures of lots (issue 13 "Lots (items)": the public pages use the stored sizes as
 * `srcset`). A picture uploaded in the back office carries `variants` (WebP at 320, 800 and 1600 px
 * wide, never wider than the original); older pictures (the seed's) have none and keep their one URL.
 */

/** A lot's picture as the API gives it, with its stored sizes when it has them. */
export interface SizedPicture {
  url: string;
  original_url: string;
  variants?: { width: number; webp: string }[];
}

/** What an `<img>` shows: `src`, and `srcSet` (WebP widths) when the picture has sizes. */
export interface PictureSource {
  src: string;
  srcSet?: string;
}

/** `a-320.webp 320w, a-800.webp 800w, …` of a picture's WebP sizes, or undefined without any. */
export function webpSrcSet(picture: SizedPicture): string | undefined {
  const variants = picture.variants ?? [];
  return variants.length ? variants.map((v) => `${v.webp} ${v.width}w`).join(', ') : undefined;
}

/**
 * The source of a picture shown up to about `width` px (CSS) wide: with sizes, the narrowest WebP
 * at least that wide (the widest when none is) plus the `srcSet` for the browser to choose; without,
 * `fallback` (the URL the page used before). With `saveData` (data saver on), the narrowest size
 * alone, without `srcSet`.
 */
export function pictureSource(picture: SizedPicture, width: number, fallback: string = picture.url, saveData = false): PictureSource {
  const variants = picture.variants ?? [];
  if (variants.length === 0) return { src: fallback };
  // Data saver (issue 17): the narrowest stored size only, whatever the screen.
  if (saveData) return { src: variants[0].webp };
  const fit = variants.find((v) => v.width >= width) ?? variants[variants.length - 1];
  return { src: fit.webp, srcSet: webpSrcSet(picture) };
}
