import { Router, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import multer from 'multer';
import { z } from 'zod';
import {
  adminLotsQuerySchema,
  bulkLotsSchema,
  lotImagesPatchSchema,
  lotInputSchema,
  lotPatchSchema,
  MAX_PICTURE_BYTES,
  MAX_PICTURES_PER_UPLOAD,
  relistLotSchema,
  withdrawLotSchema,
} from '@shared/schemas/lot.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { readableMultipart } from '../http/request-guards.js';
import { parseInput } from '../http/validate.js';
import { checkPictures, PICTURE_TOO_LARGE, removePictureFiles, storePictures } from './lot-images.js';
import { addLotImages, arrangeLotImages, bulkLots, createLot, duplicateLot, relistLot, removeLotImage, updateLot, withdrawLot } from './lots.commands.js';
import { findLotRow } from './lots.repository.js';
import { getLotView, listLots, LOT_NOT_FOUND } from './lots.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const imageParams = idParams.extend({ imageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The lot id of the path. @throws AppError 404 'Lot not found' when it cannot be one. */
function lotId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw AppError.notFound(LOT_NOT_FOUND);
  return parsed.data.id;
}

/**
 * Reads the pictures of `POST /api/admin/lots/{id}/images` (multipart, field `images[]` or
 * `images`, up to {@link MAX_PICTURES_PER_UPLOAD}) into memory; a file over 15 MB is a 422 with
 * {@link PICTURE_TOO_LARGE}, other form errors the usual 4xx of {@link readableMultipart}.
 */
function picturesUpload(): RequestHandler {
  const fields = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PICTURE_BYTES, files: MAX_PICTURES_PER_UPLOAD, fields: 10 },
  }).fields([
    { name: 'images[]', maxCount: MAX_PICTURES_PER_UPLOAD },
    { name: 'images', maxCount: MAX_PICTURES_PER_UPLOAD },
  ]);
  const sized: RequestHandler = (req, res, next) => {
    fields(req, res, (err?: unknown) => {
      const code = (err as { code?: string } | undefined)?.code;
      if (code === 'LIMIT_FILE_SIZE') return next(AppError.validation({ images: [PICTURE_TOO_LARGE] }));
      if (code === 'LIMIT_FILE_COUNT') return next(AppError.validation({ images: [`At most ${MAX_PICTURES_PER_UPLOAD} pictures at once.`] }));
      next(err);
    });
  };
  return readableMultipart(sized);
}

/** The files of a parsed upload, in the order sent. */
function uploadedFiles(req: { files?: unknown }): Express.Multer.File[] {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  return [...(files?.['images[]'] ?? []), ...(files?.images ?? [])];
}

/**
 * Lot routes for operators (admin role, JSON unless stated), issue 13 "Lots (items)":
 * - `GET /api/admin/lots?search=&auction_type_id=&kind=&branch_id=&status=&has_pictures=&page=&per_page=`
 *   → `{data: LotView[], meta}` (every status: open, closed, sold, unsold, withdrawn);
 * - `POST /api/admin/lots` → 201 `{success, data: LotView}`; `GET /api/admin/lots/{id}` → `{data}`;
 *   `PATCH /api/admin/lots/{id}` → `{success, data}`;
 * - `POST /api/admin/lots/{id}/withdraw {reason}`, `/duplicate` (201), `/relist {auction_type_id,
 *   date_from?, date_to?}` (201, the new lot) → `{success, data}`;
 * - `POST /api/admin/lots/bulk {ids, action: withdraw|move, reason?, auction_type_id?}` → `{success, data: {ids}}`;
 * - `POST /api/admin/lots/{id}/images` (multipart `images[]`) → 201 `{success, data}`; `PATCH
 *   /api/admin/lots/{id}/images {order?, cover?}` and `DELETE /api/admin/lots/{id}/images/{imageId}` → `{success, data}`.
 * Every change is a command (server/lots/lots.commands.ts) in the audit trail. Bad input is 422
 * `{message, errors}`; an unknown lot 404 'Lot not found'; a lot in the wrong state 409.
 */
export function createLotsRouter(deps: { db: Kysely<Database>; runner: CommandRunner; uploadsDir: string; logger?: Logger }): Router {
  const { db, runner, uploadsDir } = deps;
  const router = Router();
  const upload = picturesUpload();
  const actor = (req: { auth: { user?: { id: number } | null } }) => operatorActor(req.auth.user!.id);

  router.get('/api/admin/lots', requireRole('admin'), async (req, res) => {
    res.json(await listLots(db, parseInput(adminLotsQuerySchema, req.query)));
  });

  router.post('/api/admin/lots', requireRole('admin'), async (req, res) => {
    const input = parseInput(lotInputSchema, req.body ?? {});
    res.status(201).json({ success: true, data: await runner.run(createLot, actor(req), input) });
  });

  router.post('/api/admin/lots/bulk', requireRole('admin'), async (req, res) => {
    const input = parseInput(bulkLotsSchema, req.body ?? {});
    res.json({ success: true, data: await runner.run(bulkLots, actor(req), input) });
  });

  router.get('/api/admin/lots/:id', requireRole('admin'), async (req, res) => {
    res.json({ data: await getLotView(db, lotId(req.params)) });
  });

  router.patch('/api/admin/lots/:id', requireRole('admin'), async (req, res) => {
    const id = lotId(req.params);
    const patch = parseInput(lotPatchSchema, req.body ?? {});
    res.json({ success: true, data: await runner.run(updateLot, actor(req), { id, patch }) });
  });

  router.post('/api/admin/lots/:id/withdraw', requireRole('admin'), async (req, res) => {
    const id = lotId(req.params);
    const input = parseInput(withdrawLotSchema, req.body ?? {});
    res.json({ success: true, data: await runner.run(withdrawLot, actor(req), { id, ...input }) });
  });

  router.post('/api/admin/lots/:id/duplicate', requireRole('admin'), async (req, res) => {
    const id = lotId(req.params);
    res.status(201).json({ success: true, data: await runner.run(duplicateLot, actor(req), { id }) });
  });

  router.post('/api/admin/lots/:id/relist', requireRole('admin'), async (req, res) => {
    const id = lotId(req.params);
    const input = parseInput(relistLotSchema, req.body ?? {});
    res.status(201).json({ success: true, data: await runner.run(relistLot, actor(req), { id, ...input }) });
  });

  router.post('/api/admin/lots/:id/images', requireRole('admin'), upload, async (req, res) => {
    const id = lotId(req.params);
    if (!(await findLotRow(db, id))) throw AppError.notFound(LOT_NOT_FOUND);
    const pictures = await checkPictures(uploadedFiles(req));
    const stored = await storePictures(uploadsDir, id, pictures);
    try {
      res.status(201).json({ success: true, data: await runner.run(addLotImages, actor(req), { id, images: stored }) });
    } catch (err) {
      await Promise.all(stored.map((s) => removePictureFiles(uploadsDir, s)));
      throw err;
    }
  });

  router.patch('/api/admin/lots/:id/images', requireRole('admin'), async (req, res) => {
    const id = lotId(req.params);
    const patch = parseInput(lotImagesPatchSchema, req.body ?? {});
    res.json({ success: true, data: await runner.run(arrangeLotImages, actor(req), { id, patch }) });
  });

  router.delete('/api/admin/lots/:id/images/:imageId', requireRole('admin'), async (req, res) => {
    const parsed = imageParams.safeParse(req.params);
    if (!parsed.success) throw AppError.notFound('Picture not found');
    const { lot, removed, unused } = await runner.run(removeLotImage, actor(req), { id: parsed.data.id, imageId: parsed.data.imageId });
    if (unused) {
      await removePictureFiles(uploadsDir, removed).catch((err: unknown) => deps.logger?.warn({ err, image: removed.id }, 'could not delete a picture file'));
    }
    res.json({ success: true, data: lot });
  });

  return router;
}
