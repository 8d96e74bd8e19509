import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, PICTURE_WIDTHS } from '@shared/schemas/lot.schema.js';
import type { MediaVariant } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import type { LotImageValues } from './lots.repository.js';

/** Formats a lot's picture may arrive in, read from its bytes (the name and declared type may lie). */
const PICTURE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

/** The 422 text of a file that is not a picture we read. */
export const NOT_A_PICTURE = 'is not a picture we can read (JPEG, PNG, WebP, AVIF/HEIF, GIF or TIFF).';

/** The 422 text of a file over {@link MAX_PICTURE_BYTES}. */
export const PICTURE_TOO_LARGE = 'A picture may be at most 15 MB. Make it smaller and upload it again.';

/** The width shown where one size is wanted (`url`): the variant closest below it, or the narrowest. */
const DISPLAY_WIDTH = 800;

/** A picture received in an upload: its bytes and the name the browser gave it (for messages only). */
export interface ReceivedPicture {
  buffer: Buffer;
  originalname: string;
}

/** What {@link checkPicture} learned of a picture. */
interface CheckedPicture {
  file: ReceivedPicture;
  format: string;
  /** Width and height once turned upright (EXIF orientation applied). */
  width: number;
  height: number;
}

/** The widths a picture `width` px wide is stored at: {@link PICTURE_WIDTHS}, never wider than itself. */
export function variantWidths(width: number): number[] {
  return [...new Set(PICTURE_WIDTHS.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
}

/**
 * Reads a picture's format and size from its bytes. @throws AppError 422 `errors.images` when it
 * is not a picture ({@link NOT_A_PICTURE}), larger than {@link MAX_PICTURE_BYTES} or than
 * {@link MAX_PICTURE_PIXELS} (40 megapixels).
 */
async function checkPicture(file: ReceivedPicture): Promise<CheckedPicture> {
  const name = file.originalname ? `“${file.originalname}”` : 'The file';
  if (file.buffer.length > MAX_PICTURE_BYTES) throw AppError.validation({ images: [`${name}: ${PICTURE_TOO_LARGE}`] });
  let meta: Metadata;
  try {
    meta = await sharp(file.buffer, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw AppError.validation({ images: [`${name} ${NOT_A_PICTURE}`] });
  }
  if (!meta.format || !PICTURE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw AppError.validation({ images: [`${name} ${NOT_A_PICTURE}`] });
  }
  const height = meta.pageHeight ?? meta.height;
  const pixels = meta.width * height;
  if (pixels > MAX_PICTURE_PIXELS) {
    const mp = (pixels / 1_000_000).toFixed(1);
    throw AppError.validation({
      images: [`${name} is ${meta.width} × ${height} px (${mp} megapixels): a picture may have at most 40 megapixels. Make it smaller and upload it again.`],
    });
  }
  const turned = (meta.orientation ?? 1) >= 5;
  return { file, format: meta.format, width: turned ? height : meta.width, height: turned ? meta.width : height };
}

/**
 * Checks every picture of an upload before any is stored, so one bad file stores none.
 * @throws AppError 422 `errors.images` as {@link checkPicture} (the first bad file), or when none is sent.
 */
export async function checkPictures(files: readonly ReceivedPicture[]): Promise<CheckedPicture[]> {
  if (files.length === 0) throw AppError.validation({ images: ['Choose at least one picture (field images[]).'] });
  const checked: CheckedPicture[] = [];
  for (const f of files) checked.push(await checkPicture(f));
  return checked;
}

/** `/uploads/items/{itemId}/{file}` of a stored file. */
const urlOf = (itemId: number, file: string) => `/uploads/items/${itemId}/${file}`;

/**
 * Stores one checked picture of lot `itemId` under `uploadsDir/items/{itemId}/`: the original
 * turned upright (EXIF orientation applied) with its metadata (EXIF, GPS, ICC comments) stripped,
 * in its own format (JPEG, PNG or WebP; others as JPEG), and beside it WebP and AVIF at 320, 800
 * and 1600 px wide ({@link variantWidths}: never upscaled), through sharp.
 * @returns the picture row's values: `url` the WebP closest to 800 px, `original_url`, sizes, variants.
 */
async function storePicture(uploadsDir: string, itemId: number, picture: CheckedPicture): Promise<LotImageValues> {
  const dir = path.join(uploadsDir, 'items', String(itemId));
  await fs.mkdir(dir, { recursive: true });
  const key = `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
  const upright = () => sharp(picture.file.buffer, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).rotate();
  const ext = picture.format === 'png' ? 'png' : picture.format === 'webp' ? 'webp' : 'jpg';
  const originalFile = `${key}-original.${ext}`;
  const original = upright();
  if (ext === 'png') original.png({ compressionLevel: 6 });
  else if (ext === 'webp') original.webp({ quality: 90 });
  else original.jpeg({ quality: 90 });
  await original.toFile(path.join(dir, originalFile));
  const variants: MediaVariant[] = [];
  for (const width of variantWidths(picture.width)) {
    const webp = `${key}-${width}.webp`;
    const avif = `${key}-${width}.avif`;
    await Promise.all([
      upright().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(path.join(dir, webp)),
      upright().resize({ width, withoutEnlargement: true }).avif({ quality: 50, effort: 2 }).toFile(path.join(dir, avif)),
    ]);
    variants.push({ width, webp: urlOf(itemId, webp), avif: urlOf(itemId, avif) });
  }
  const display = [...variants].reverse().find((v) => v.width <= DISPLAY_WIDTH) ?? variants[0];
  return { url: display.webp, original_url: urlOf(itemId, originalFile), width: picture.width, height: picture.height, variants };
}

/**
 * Stores the checked pictures of an upload for lot `itemId` (see {@link storePicture}), in order.
 * If one fails to store, those already written are removed again.
 * @returns the picture rows' values. @throws AppError 422 `errors.images` when a picture cannot be decoded.
 */
export async function storePictures(uploadsDir: string, itemId: number, pictures: readonly CheckedPicture[]): Promise<LotImageValues[]> {
  const stored: LotImageValues[] = [];
  try {
    for (const p of pictures) stored.push(await storePicture(uploadsDir, itemId, p));
  } catch (err) {
    await Promise.all(stored.map((s) => removePictureFiles(uploadsDir, s)));
    if (err instanceof AppError) throw err;
    const failed = pictures[stored.length];
    const name = `“${failed?.file.originalname ?? 'A picture'}”`;
    // sharp's own build reads AVIF but not HEVC-coded HEIF (an iPhone's .heic).
    if (failed?.format === 'heif') {
      throw AppError.validation({
        images: [`${name} is a HEIC picture, which cannot be read here: send it as JPEG (on an iPhone, Camera › Formats › Most Compatible).`],
      });
    }
    throw AppError.validation({ images: [`${name} could not be read to the end. Is it damaged?`] });
  }
  return stored;
}

/** The path under `uploadsDir` of a `/uploads/items/…` URL, or null for any other URL (the seed's pictures are left alone). */
function fileOf(uploadsDir: string, url: string): string | null {
  if (!/^\/uploads\/items\/\d+\/[\w.-]+$/.test(url)) return null;
  return path.join(uploadsDir, url.slice('/uploads/'.length));
}

/** Deletes a picture's files (original and variants); missing files are fine. */
export async function removePictureFiles(
  uploadsDir: string,
  picture: { url: string; original_url: string; variants: readonly MediaVariant[] | null },
): Promise<void> {
  const urls = [picture.url, picture.original_url, ...(picture.variants ?? []).flatMap((v) => [v.webp, v.avif])];
  await Promise.all(
    [...new Set(urls)].map((u) => {
      const file = fileOf(uploadsDir, u);
      return file ? fs.rm(file, { force: true }) : Promise.resolve();
    }),
  );
}
