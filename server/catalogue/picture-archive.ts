import path from 'node:path';
import { unzipSync } from 'fflate';
import { MAX_ARCHIVE_PICTURES, MAX_IMPORT_PICTURES } from '@shared/schemas/catalogue-import.schema.js';
import { MAX_PICTURE_BYTES } from '@shared/schemas/lot.schema.js';
import { AppError } from '../http/app-error.js';
import { PICTURE_TOO_LARGE, type ReceivedPicture } from '../lots/lot-images.js';

/** A zip archive starts with a local file header, `PK\x03\x04`. */
function isZip(buffer: Buffer): boolean {
  return buffer.length >= 4 && buffer[0] === 0x50 && buffer[1] === 0x4b && buffer[2] === 0x03 && buffer[3] === 0x04;
}

/** Picture files a .zip may hold, by name (their content is checked afterwards like any upload's). */
const PICTURE_NAME = /\.(jpe?g|png|webp|avif|heic|heif|tiff?|gif)$/i;

/**
 * The pictures of an import request: files sent one by one (at most {@link MAX_IMPORT_PICTURES})
 * and the pictures inside one `.zip` among them (recognised by its content; at most
 * {@link MAX_ARCHIVE_PICTURES}; folders, hidden files and anything not named as a picture are
 * skipped, and a picture is known by its own file name, without the folders). Each picture may be
 * at most 15 MB, checked before it is unpacked (a small archive cannot unpack into gigabytes).
 * @throws AppError 422 `errors.images`: more than one .zip, an unreadable .zip, too many pictures,
 *   or a picture over 15 MB (named). Source: issue 13 "Catalogue import" (`images[]` or one `.zip`).
 */
export function picturesOfUpload(files: readonly ReceivedPicture[]): ReceivedPicture[] {
  const archives = files.filter((f) => isZip(f.buffer));
  const loose = files.filter((f) => !isZip(f.buffer));
  if (archives.length > 1) throw AppError.validation({ images: ['Send the pictures as one .zip, not several.'] });
  if (loose.length > MAX_IMPORT_PICTURES)
    throw AppError.validation({ images: [`At most ${MAX_IMPORT_PICTURES} pictures one by one per import: send more as one .zip.`] });
  for (const f of loose) if (f.buffer.length > MAX_PICTURE_BYTES) throw AppError.validation({ images: [`${f.originalname}: ${PICTURE_TOO_LARGE}`] });
  if (archives.length === 0) return [...loose];

  const archive = archives[0];
  let tooLarge: string | null = null;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(archive.buffer, {
      filter: (entry) => {
        const base = path.posix.basename(entry.name);
        if (entry.name.endsWith('/') || base.startsWith('.') || entry.name.startsWith('__MACOSX/') || !PICTURE_NAME.test(base)) return false;
        if (entry.originalSize > MAX_PICTURE_BYTES) tooLarge ??= base;
        count += 1;
        return tooLarge === null && count <= MAX_ARCHIVE_PICTURES;
      },
    });
  } catch (err) {
    throw AppError.validation({ images: [`${archive.originalname} is not a .zip we can read: ${(err as Error).message}`] });
  }
  if (tooLarge) throw AppError.validation({ images: [`${tooLarge} (in ${archive.originalname}): ${PICTURE_TOO_LARGE}`] });
  if (count > MAX_ARCHIVE_PICTURES)
    throw AppError.validation({
      images: [`${archive.originalname} holds ${count} pictures: at most ${MAX_ARCHIVE_PICTURES.toLocaleString('en-GB')} per import.`],
    });
  const unpacked = Object.entries(entries).map(([name, data]) => ({ originalname: path.posix.basename(name), buffer: Buffer.from(data) }));
  return [...loose, ...unpacked];
}
