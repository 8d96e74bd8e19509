import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp, { type Sharp } from 'sharp';
import type { AdvertView } from '@shared/schemas/advert.schema.js';
import type { Database, MediaVariant } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { listAdvertRows, listShownAdvertRows, type AdvertRow } from './adverts.repository.js';

/**
 * Maps a stored advert to the API's shape (dates ISO 8601 UTC), with the sale it announces
 * (`sale`: id, name, dates; null without a link). Source: spec/shopping.md §3 "Advert"; issue 20 item 4.
 */
export function advertRowToView(r: AdvertRow): AdvertView {
  return {
    id: r.id,
    image: r.image,
    image_variants: r.image_variants ?? [],
    description: r.description,
    link_url: r.link_url,
    date_from: r.date_from.toISOString(),
    date_to: r.date_to.toISOString(),
    active: r.active,
    status_id: r.status_id,
    auction_type_id: r.auction_type_id,
    sale:
      r.auction_type_id != null && r.sale_name != null
        ? { id: r.auction_type_id, name: r.sale_name, date_from: r.sale_from?.toISOString() ?? null, date_to: r.sale_to?.toISOString() ?? null }
        : null,
  };
}

/**
 * Adverts shown to visitors: active (or status_id 1) and `now` within [date_from, date_to],
 * soonest ending first. Source: spec/shopping.md §9 "Advert shown".
 */
export async function listVisibleAdverts(db: Kysely<Database>): Promise<AdvertView[]> {
  return (await listShownAdvertRows(db)).map(advertRowToView);
}

/** Every advert, for operators: latest ending first (ties by id, highest first). */
export async function listAllAdverts(db: Kysely<Database>): Promise<AdvertView[]> {
  return (await listAdvertRows(db)).map(advertRowToView).reverse();
}

/** Picture formats a banner may be uploaded in, as its content says (sharp's format names). */
const ADVERT_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Largest picture read, in pixels (width × height): a small file must not unpack into a huge bitmap. */
const ADVERT_IMAGE_MAX_PIXELS = 40_000_000;
const NOT_A_PICTURE = 'The image must be a JPEG, PNG or WebP picture.';

/** A banner's width and height (3:1), px. */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;
/** The widths (px) a banner is stored at beside its full size: a phone takes 480 or 800, a wide screen 1200. */
export const BANNER_WIDTHS = [480, 800, BANNER_WIDTH] as const;

/** A stored banner: `image` the full-size WebP's URL, `variants` every width as WebP and AVIF (widest last). */
export interface StoredBanner {
  image: string;
  variants: MediaVariant[];
}

/** The file name of a banner `key` at `width` px in `format`: the full size keeps the plain name older links know. */
function bannerFileName(key: string, width: number, format: 'webp' | 'avif'): string {
  return width === BANNER_WIDTH && format === 'webp' ? `${key}.webp` : `${key}-${width}.${format}`;
}

/**
 * Banner `key`'s files, each named by `urlOf(file name)`: `image` the full-size WebP, `variants`
 * WebP and AVIF at each of {@link BANNER_WIDTHS}, widest last. With `(name) => name`, the file names.
 */
export function storedBanner(key: string, urlOf: (fileName: string) => string): StoredBanner {
  return {
    image: urlOf(bannerFileName(key, BANNER_WIDTH, 'webp')),
    variants: BANNER_WIDTHS.map((width) => ({ width, webp: urlOf(bannerFileName(key, width, 'webp')), avif: urlOf(bannerFileName(key, width, 'avif')) })),
  };
}

/**
 * Writes one banner (any picture sharp reads, cropped to 3:1 already or not) under `dir` as
 * {@link storedBanner} names its files: `key.webp` (1200×400) and WebP and AVIF at each of
 * {@link BANNER_WIDTHS}, each file first under a temporary name (a half-written file never has
 * the final name). Used by uploads and the seed.
 * @throws whatever sharp throws for a picture it cannot decode.
 */
export async function writeBannerFiles(dir: string, key: string, source: () => Sharp): Promise<void> {
  for (const files of storedBanner(key, (name) => name).variants) {
    const height = Math.round((files.width * BANNER_HEIGHT) / BANNER_WIDTH);
    const sized = () => source().resize(files.width, height, { fit: 'cover', position: 'attention' });
    await Promise.all([
      writeAtomically(path.join(dir, files.webp), (tmp) => sized().webp({ quality: 80 }).toFile(tmp)),
      writeAtomically(path.join(dir, files.avif), (tmp) => sized().avif({ quality: 50, effort: 2 }).toFile(tmp)),
    ]);
  }
}

/** Runs `write` to a temporary file beside `target`, then renames it into place. */
async function writeAtomically(target: string, write: (tmp: string) => Promise<unknown>): Promise<void> {
  const tmp = `${target}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`;
  try {
    await write(tmp);
    await fs.rename(tmp, target);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/**
 * Stores an uploaded banner picture (outside any transaction, before the command that uses it):
 * turned upright, resized and cropped to 1200×400 under `uploadsDir/adverts/`, WebP and AVIF at
 * 480, 800 and 1200 px wide ({@link writeBannerFiles}) so a phone downloads a third of the full
 * size (issue 17: the first visit's bytes). The format is read from the bytes (sharp's metadata),
 * never taken from the declared type: only JPEG, PNG and WebP of at most 40 megapixels are read
 * (an SVG, GIF or TIFF named .png is refused). Source: issue 18.
 * @returns its public URL (`/uploads/adverts/….webp`, the full size) and sizes.
 * @throws AppError 422 when the file is not a readable JPEG, PNG or WebP picture.
 */
export async function storeAdvertImage(uploadsDir: string, file: Buffer): Promise<StoredBanner> {
  const dir = path.join(uploadsDir, 'adverts');
  await fs.mkdir(dir, { recursive: true });
  const key = `advert-${randomBytes(6).toString('hex')}`;
  const read = () => sharp(file, { limitInputPixels: ADVERT_IMAGE_MAX_PIXELS, failOn: 'error' });
  try {
    const { format } = await read().metadata();
    if (!ADVERT_IMAGE_FORMATS.has(format)) throw new Error(`not a banner format: ${format}`);
    await writeBannerFiles(dir, key, () => read().rotate());
    return storedBanner(key, (name) => `/uploads/adverts/${name}`);
  } catch {
    throw AppError.validation({ image: [NOT_A_PICTURE] });
  }
}

/** An uploaded banner's file URL (storeAdvertImage's names); the seed's banners are named otherwise and left alone. */
const UPLOADED_BANNER_URL = /^\/uploads\/adverts\/advert-[0-9a-f]{12}(-\d+)?\.(webp|avif)$/;

/**
 * Deletes an uploaded banner's files (the full size and every stored width, WebP and AVIF) from
 * `uploadsDir/adverts/`: a replaced picture, or one stored for a change that was then refused.
 * URLs not of an upload (the seed's banners, an older name) are left alone; missing files are fine.
 */
export async function removeBannerFiles(uploadsDir: string, banner: { image: string | null; image_variants: readonly MediaVariant[] }): Promise<void> {
  const urls = [banner.image, ...banner.image_variants.flatMap((v) => [v.webp, v.avif])];
  await Promise.all(
    [...new Set(urls)]
      .filter((u): u is string => u != null && UPLOADED_BANNER_URL.test(u))
      .map((u) => fs.rm(path.join(uploadsDir, u.slice('/uploads/'.length)), { force: true })),
  );
}

/** A short signature of a visible-advert list (ids, dates, text, linked sale and its dates), to tell when it changed. */
export function advertsSignature(adverts: AdvertView[]): string {
  return adverts
    .map((a) => `${a.id}:${a.date_from}:${a.date_to}:${a.description}:${a.image}:${a.sale ? `${a.sale.id}/${a.sale.date_from}/${a.sale.date_to}` : '-'}`)
    .join('|');
}
