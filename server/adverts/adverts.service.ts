import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import type { AdvertInput, AdvertView } from '../../shared/schemas/advert.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';

type AdvertRow = Awaited<ReturnType<typeof selectAdverts>>[number];

function selectAdverts(db: Kysely<Database>) {
  return db
    .selectFrom('adverts')
    .select(['id', 'image', 'description', 'link_url', 'date_from', 'date_to', 'active', 'status_id'])
    .orderBy('date_to', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

const toView = (r: AdvertRow): AdvertView => ({
  id: r.id,
  image: r.image,
  description: r.description,
  link_url: r.link_url,
  date_from: r.date_from.toISOString(),
  date_to: r.date_to.toISOString(),
  active: r.active,
  status_id: r.status_id,
});

/**
 * Adverts shown to visitors: active (or status_id 1) and `now` within [date_from, date_to],
 * soonest ending first. Source: spec/shopping.md §9 "Advert shown".
 */
export async function listVisibleAdverts(db: Kysely<Database>): Promise<AdvertView[]> {
  const rows = await db
    .selectFrom('adverts')
    .select(['id', 'image', 'description', 'link_url', 'date_from', 'date_to', 'active', 'status_id'])
    .where((eb) => eb.or([eb('active', '=', true), eb('status_id', '=', 1)]))
    .where('date_from', '<=', sql<Date>`now()`)
    .where('date_to', '>=', sql<Date>`now()`)
    .orderBy('date_to', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toView);
}

/** Every advert, for operators. */
export async function listAllAdverts(db: Kysely<Database>): Promise<AdvertView[]> {
  return (await selectAdverts(db)).map(toView).reverse();
}

/**
 * Stores an uploaded banner picture: resized and cropped to 1200×400 WebP with sharp under
 * `uploadsDir/adverts/`. @returns its public URL (`/uploads/adverts/…`).
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

/** Creates an advert. `image` is a stored picture URL or null. */
export async function createAdvert(db: Kysely<Database>, input: AdvertInput, image: string | null): Promise<AdvertView> {
  const row = await db
    .insertInto('adverts')
    .values({
      image,
      description: input.description,
      link_url: input.link_url ?? '/register-bid',
      date_from: input.date_from,
      date_to: input.date_to,
      active: input.active,
      status_id: input.active ? 1 : 0,
    })
    .returning(['id', 'image', 'description', 'link_url', 'date_from', 'date_to', 'active', 'status_id'])
    .executeTakeFirstOrThrow();
  return toView(row);
}

/**
 * Edits an advert; only given fields change. `active` keeps `status_id` in step (1/0).
 * @throws AppError 404 when unknown; 422 when the dates would end before they start.
 */
export async function updateAdvert(
  db: Kysely<Database>,
  id: number,
  patch: Partial<AdvertInput> & { image?: string | null },
): Promise<AdvertView> {
  const current = await db.selectFrom('adverts').select(['date_from', 'date_to']).where('id', '=', id).executeTakeFirst();
  if (!current) throw AppError.notFound('Advert not found');
  const from = patch.date_from ?? current.date_from;
  const to = patch.date_to ?? current.date_to;
  if (to.getTime() <= from.getTime()) throw AppError.validation({ date_to: ['The end date must be after the start date.'] });
  const row = await db
    .updateTable('adverts')
    .set({
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.link_url !== undefined ? { link_url: patch.link_url } : {}),
      ...(patch.image !== undefined ? { image: patch.image } : {}),
      ...(patch.active !== undefined ? { active: patch.active, status_id: patch.active ? 1 : 0 } : {}),
      date_from: from,
      date_to: to,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returning(['id', 'image', 'description', 'link_url', 'date_from', 'date_to', 'active', 'status_id'])
    .executeTakeFirstOrThrow();
  return toView(row);
}

/**
 * Ends an advert now: inactive (status_id 2) and `date_to` brought forward to now when later.
 * @throws AppError 404 when unknown.
 */
export async function endAdvert(db: Kysely<Database>, id: number): Promise<AdvertView> {
  const row = await db
    .updateTable('adverts')
    .set({ active: false, status_id: 2, date_to: sql`least(date_to, greatest(date_from, now()))`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(['id', 'image', 'description', 'link_url', 'date_from', 'date_to', 'active', 'status_id'])
    .executeTakeFirst();
  if (!row) throw AppError.notFound('Advert not found');
  return toView(row);
}

/** A short signature of a visible-advert list (ids, dates, text), to tell when it changed. */
export function advertsSignature(adverts: AdvertView[]): string {
  return adverts.map((a) => `${a.id}:${a.date_from}:${a.date_to}:${a.description}:${a.image}`).join('|');
}
