import { Router, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import multer from 'multer';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  CATALOGUE_COLUMNS,
  catalogueExportQuerySchema,
  MAX_ARCHIVE_MB,
  MAX_IMPORT_PICTURES,
  MAX_IMPORT_ROWS,
} from '@shared/schemas/catalogue-import.schema.js';
import { MAX_PICTURE_BYTES } from '@shared/schemas/lot.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { readableMultipart } from '../http/request-guards.js';
import { parseInput } from '../http/validate.js';
import { checkPictures, removePictureFiles, storePictures } from '../lots/lot-images.js';
import type { LotImageValues } from '../lots/lots.repository.js';
import { CATALOGUE_TEMPLATE_EXAMPLE, CataloguePreview, importCatalogue, type CatalogueRow, type ImportPicture } from './catalogue-import.commands.js';
import { picturesOfUpload } from './picture-archive.js';
import { listCatalogueRows, saleExists } from './catalogue.repository.js';

/**
 * The multipart reader of an import: `file` (the CSV) and up to {@link MAX_IMPORT_PICTURES}
 * pictures plus one .zip of pictures (up to {@link MAX_ARCHIVE_MB} MB; each picture's own 15 MB
 * is checked by {@link picturesOfUpload}).
 */
function importUpload(): RequestHandler {
  const limits = { fileSize: MAX_ARCHIVE_MB * 1024 * 1024, files: MAX_IMPORT_PICTURES + 2, fields: 10 };
  const fields = multer({ storage: multer.memoryStorage(), limits }).fields([
    { name: 'file', maxCount: 1 },
    { name: 'images[]', maxCount: MAX_IMPORT_PICTURES + 1 },
    { name: 'images', maxCount: MAX_IMPORT_PICTURES + 1 },
  ]);
  return readableMultipart((req, res, next) =>
    fields(req, res, (err?: unknown) => {
      const code = (err as { code?: string } | undefined)?.code;
      if (code === 'LIMIT_FILE_SIZE') return next(AppError.validation({ images: [`A .zip of pictures may be at most ${MAX_ARCHIVE_MB} MB.`] }));
      if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE')
        return next(AppError.validation({ images: [`At most ${MAX_IMPORT_PICTURES} pictures one by one per import: send more as one .zip.`] }));
      next(err);
    }),
  );
}

/** The CSV's rows. @throws AppError 422 `errors.file` when it is missing, unreadable, has unknown columns, no code column or too many rows. */
function readCatalogueCsv(file: Express.Multer.File | undefined): { columns: string[]; rows: CatalogueRow[] } {
  if (!file) throw AppError.validation({ file: ['Choose the CSV file (field file).'] });
  if (file.buffer.length > MAX_PICTURE_BYTES) throw AppError.validation({ file: ['The CSV may be at most 15 MB.'] });
  let records: string[][];
  try {
    records = parse(file.buffer, { bom: true, skip_empty_lines: true, relax_column_count: false, trim: true });
  } catch (err) {
    throw AppError.validation({ file: [`The file is not a CSV we can read: ${(err as Error).message}`] });
  }
  if (records.length === 0) throw AppError.validation({ file: ['The file is empty: the first line names the columns.'] });
  const columns = records[0].map((c) => c.trim().toLowerCase());
  const unknown = columns.filter((c) => !(CATALOGUE_COLUMNS as readonly string[]).includes(c));
  if (unknown.length)
    throw AppError.validation({ file: [`Unknown ${unknown.length === 1 ? 'column' : 'columns'}: ${unknown.join(', ')}. Use the template's columns.`] });
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length) throw AppError.validation({ file: [`Column ${twice[0]} appears twice.`] });
  if (!columns.includes('code')) throw AppError.validation({ file: ['The file needs a code column: it keys each row.'] });
  if (records.length - 1 > MAX_IMPORT_ROWS) throw AppError.validation({ file: [`At most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows per import.`] });
  const rows = records.slice(1).map((r, i) => ({ line: i + 2, cells: Object.fromEntries(columns.map((c, j) => [c, r[j] ?? ''])) }));
  if (rows.length === 0) throw AppError.validation({ file: ['The file has no rows under its header.'] });
  return { columns, rows };
}

/** Pictures by the code their name gives (`GAV-1.jpg`, `GAV-1_2.jpg` → `gav-1`), each code's in name order. */
function picturesByCode(pictures: ImportPicture[]): Map<string, ImportPicture[]> {
  const byCode = new Map<string, ImportPicture[]>();
  const sorted = [...pictures].sort((a, b) => a.file.originalname.localeCompare(b.file.originalname, 'en', { numeric: true }));
  for (const p of sorted) {
    const base = p.file.originalname.replace(/\.[^.]+$/, '');
    const code = base.replace(/_\d+$/, '').trim().toLowerCase();
    byCode.set(code, [...(byCode.get(code) ?? []), p]);
  }
  return byCode;
}

/**
 * Catalogue import and export for operators (admin role), issue 13 "Catalogue import and export":
 * - `POST /api/admin/lots/import` (multipart: `file` a CSV with the template's columns, optional
 *   pictures `images[]` named `{code}.jpg`, `{code}_2.jpg`, one by one or in one `.zip`; `dry_run=1` as a field or in the
 *   query) → 200 the preview (`dry_run: true`) or 201 what was done; 422 `{message, errors,
 *   result}` when a row is wrong (nothing imported);
 * - `GET /api/admin/lots/import/template` → the CSV template (header and an example row);
 * - `GET /api/admin/lots/export?auction_type_id=` → the lots as CSV (the import's columns, then
 *   lot number, status, bids and hammer price), one sale's or all.
 */
export function createCatalogueRouter(deps: { db: Kysely<Database>; runner: CommandRunner; uploadsDir: string }): Router {
  const { db, runner, uploadsDir } = deps;
  const router = Router();
  const upload = importUpload();

  router.get('/api/admin/lots/import/template', requireRole('admin'), (_req, res) => {
    res
      .type('text/csv')
      .attachment('gavel-catalogue-template.csv')
      .send(stringify([CATALOGUE_TEMPLATE_EXAMPLE], { header: true, columns: [...CATALOGUE_COLUMNS] }));
  });

  router.get('/api/admin/lots/export', requireRole('admin'), async (req, res) => {
    const { auction_type_id: saleId } = parseInput(catalogueExportQuerySchema, req.query);
    if (saleId && !(await saleExists(db, saleId))) throw AppError.notFound('Sale not found');
    const rows = await listCatalogueRows(db, saleId);
    const iso = (d: Date | null) => (d ? d.toISOString() : '');
    const csv = stringify(
      rows.map((r) => ({
        ...r,
        featured: r.featured ? 'true' : 'false',
        date_from: iso(r.date_from),
        date_to: iso(r.date_to),
        closed_at: iso(r.closed_at),
        hammer_price: r.status === 'sold' ? r.bid_amount : '',
      })),
      { header: true, columns: [...CATALOGUE_COLUMNS, 'id', 'lot_number', 'status', 'bid_count', 'bid_amount', 'hammer_price', 'closed_at'] },
    );
    res
      .type('text/csv')
      .attachment(saleId ? `gavel-sale-${saleId}-lots.csv` : 'gavel-lots.csv')
      .send(csv);
  });

  router.post('/api/admin/lots/import', requireRole('admin'), upload, async (req, res) => {
    const files = (req.files ?? {}) as Record<string, Express.Multer.File[]>;
    const { columns, rows } = readCatalogueCsv(files.file?.[0]);
    const sent = [...(files['images[]'] ?? []), ...(files.images ?? [])];
    const received = picturesOfUpload(sent);
    const pictures = received.length ? picturesByCode(await checkPictures(received)) : new Map<string, ImportPicture[]>();
    const dryRun = ['1', 'true'].includes(String((req.body as Record<string, unknown>)?.dry_run ?? req.query.dry_run ?? ''));
    const stored: LotImageValues[] = [];
    const store = async (itemId: number, list: ImportPicture[]) => {
      const values = await storePictures(uploadsDir, itemId, list);
      stored.push(...values);
      return values;
    };
    try {
      const result = await runner.run(importCatalogue, operatorActor(req.auth.user!.id), { rows, columns, pictures, dryRun, store });
      res.status(201).json(result);
    } catch (err) {
      // Nothing was imported: the pictures written for it go too.
      await Promise.all(stored.map((s) => removePictureFiles(uploadsDir, s).catch(() => undefined)));
      if (err instanceof CataloguePreview) return res.json(err.result);
      throw err;
    }
  });

  return router;
}
