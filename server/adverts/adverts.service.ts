import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { AdvertView } from '@shared/schemas/advert.schema.js';
import type { Database } from '../db/types.js';
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

/**
 * Stores an uploaded banner picture (outside any transaction, before the command that uses it):
 * resized and cropped to 1200×400 WebP under `uploadsDir/adverts/`. The format is read from
 * the bytes (sharp's metadata), never taken from the declared type: only JPEG, PNG and WebP of at
 * most 40 megapixels are read (an SVG, GIF or TIFF named .png is refused). Source: issue 18.
 * @returns its public URL (`/uploads/adverts/…`).
 * @throws AppError 422 when the file is not a readable JPEG, PNG or WebP picture.
 */
export async function storeAdvertImage(uploadsDir: string, file: Buffer): Promise<string> {
  const dir = path.join(uploadsDir, 'adverts');
  await fs.mkdir(dir, { recursive: true });
  const name = `advert-${randomBytes(6).toString('hex')}.webp`;
  try {
    const picture = sharp(file, { limitInputPixels: ADVERT_IMAGE_MAX_PIXELS, failOn: 'error' });
    const { format } = await picture.metadata();
    if (!ADVERT_IMAGE_FORMATS.has(format)) throw new Error(`not a banner format: ${format}`);
    await picture.rotate().resize(1200, 400, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toFile(path.join(dir, name));
  } catch {
    throw AppError.validation({ image: [NOT_A_PICTURE] });
  }
  return `/uploads/adverts/${name}`;
}

/** A short signature of a visible-advert list (ids, dates, text, linked sale and its dates), to tell when it changed. */
export function advertsSignature(adverts: AdvertView[]): string {
  return adverts
    .map((a) => `${a.id}:${a.date_from}:${a.date_to}:${a.description}:${a.image}:${a.sale ? `${a.sale.id}/${a.sale.date_from}/${a.sale.date_to}` : '-'}`)
    .join('|');
}
