import { Router, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import multer from 'multer';
import { z } from 'zod';
import { advertInputSchema, advertPatchSchema } from '@shared/schemas/advert.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database, MediaVariant } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { readableMultipart } from '../http/request-guards.js';
import { parseInput } from '../http/validate.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { createAdvert, endAdvert, updateAdvert } from './adverts.commands.js';
import { listAllAdverts, listVisibleAdverts, removeBannerFiles, storeAdvertImage, type StoredBanner } from './adverts.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Advert routes. Public: `GET /api/public/adverts` and its fallback `GET /api/adverts` →
 * `{data: AdvertView[]}` (shown adverts only). Operators (admin role): `GET /api/admin/adverts`,
 * `POST /api/admin/adverts` (multipart: description, date_from, date_to, active, auction_type_id
 * (the sale it announces; empty for none), image file),
 * `PATCH /api/admin/adverts/{id}`, `POST /api/admin/adverts/{id}/end` → `{success, data: AdvertView}`
 * (201 when created). Each change is a command (server/adverts/adverts.commands.ts) whose event
 * brings the shown adverts to every open page; an uploaded picture is stored before it, and
 * deleted again when the change is refused; a replaced picture's files are deleted after it.
 * Source: spec/shopping.md §7, §9 (the operators' side is ours: the spec does not show it).
 */
export function createAdvertsRouter(deps: { db: Kysely<Database>; runner: CommandRunner; uploadsDir: string; logger?: Logger }): Router {
  const { db, runner } = deps;
  const router = Router();
  const upload = readableMultipart(
    multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 },
      // A first sieve only: the declared type can lie; storeAdvertImage reads the format from the bytes.
      fileFilter: (_req, file, cb) => {
        if (/^image\/(jpeg|png|webp)$/.test(file.mimetype)) cb(null, true);
        else cb(AppError.validation({ image: ['The image must be a JPEG, PNG or WebP picture.'] }));
      },
    }).single('image'),
  );

  /** Deletes a banner's files; a file that cannot be deleted is logged, never the answer's failure. */
  const removeBanner = (banner: { image: string | null; image_variants: readonly MediaVariant[] }) =>
    removeBannerFiles(deps.uploadsDir, banner).catch((err: unknown) => deps.logger?.warn({ err, image: banner.image }, 'could not delete a banner file'));
  /** Runs `change`; when it is refused (or fails), the picture stored for it is deleted, then the error goes on. */
  async function unlessRefused<T>(stored: StoredBanner | null, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (err) {
      if (stored) await removeBanner({ image: stored.image, image_variants: stored.variants });
      throw err;
    }
  }

  const visible: RequestHandler = async (_req, res) => {
    res.json({ data: await listVisibleAdverts(db) });
  };
  router.get('/api/public/adverts', visible);
  router.get('/api/adverts', visible);

  router.get('/api/admin/adverts', requireRole('admin'), async (_req, res) => {
    res.json({ data: await listAllAdverts(db) });
  });

  router.post('/api/admin/adverts', requireRole('admin'), upload, async (req, res) => {
    const input = parseInput(advertInputSchema, req.body);
    const image = req.file ? await storeAdvertImage(deps.uploadsDir, req.file.buffer) : null;
    const advert = await unlessRefused(image, () => runner.run(createAdvert, operatorActor(req.auth.user!.id), { advert: input, image }));
    res.status(201).json({ success: true, data: advert });
  });

  router.patch('/api/admin/adverts/:id', requireRole('admin'), upload, async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const patch = parseInput(advertPatchSchema, req.body);
    const image = req.file ? await storeAdvertImage(deps.uploadsDir, req.file.buffer) : undefined;
    const { advert, replaced } = await unlessRefused(image ?? null, () =>
      runner.run(updateAdvert, operatorActor(req.auth.user!.id), { id, patch: { ...patch, ...(image ? { image } : {}) } }),
    );
    // The old picture's files go once the new one is committed (a page still showing it gets a 404 picture, not an error).
    if (replaced) await removeBanner(replaced);
    res.json({ success: true, data: advert });
  });

  router.post('/api/admin/adverts/:id/end', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const advert = await runner.run(endAdvert, operatorActor(req.auth.user!.id), { id });
    res.json({ success: true, data: advert });
  });

  return router;
}
