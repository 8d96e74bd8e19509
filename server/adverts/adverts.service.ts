import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { AdvertView } from '@shared/schemas/advert.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { listAdvertRows, listShownAdvertRows, type AdvertRow } from './adverts.repository.js';

/** Maps a stored advert to the API's shape (dates ISO 8601 UTC). Source: spec/shopping.md §3 "Advert". */
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

/**
 * Stores an uploaded banner picture (outside any transaction, before the command that uses it):
 * resized and cropped to 1200×400 WebP under `uploadsDir/adverts/`.
 * @returns its public URL (`/uploads/adverts/…`).
 * @throws AppError 422 when the file is not a readable image.
 */
export async function storeAdvertImage(uploadsDir: string, file: Buffer): Promise<string> {
  const dir = path.join(uploadsDir, 'adverts');
  await fs.mkdir(dir, { recursive: true });
  const name = `advert-${randomBytes(6).toString('hex')}.webp`;
  try {
    await sharp(file).rotate().resize(1200, 400, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toFile(path.join(dir, name));
  } catch {
    throw AppError.validation({ image: ['The image must be a JPEG, PNG or WebP picture.'] });
  }
  return `/uploads/adverts/${name}`;
}

/** A short signature of a visible-advert list (ids, dates, text), to tell when it changed. */
export function advertsSignature(adverts: AdvertView[]): string {
  return adverts.map((a) => `${a.id}:${a.date_from}:${a.date_to}:${a.description}:${a.image}`).join('|');
}
