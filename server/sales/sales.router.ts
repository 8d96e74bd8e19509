import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { adminSalesQuerySchema, saleInputSchema, saleLotsOrderSchema, saleLotsQuerySchema, salePatchSchema } from '@shared/schemas/sale.schema.js';
import { hasRole, requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { createSale, publishSale, reorderSaleLots, updateSale } from './sales.commands.js';
import { stringify } from 'csv-stringify/sync';
import { getSaleResults, saleResultCsvRows } from './sale-results.service.js';
import { getPublicSale, getSaleDetail, listSales, pageSaleLots, SALE_NOT_FOUND } from './sales.service.js';

/** `{id}` of a sale's path; anything but a positive whole number is an unknown sale (404). */
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The sale id of the path. @throws AppError 404 'Sale not found' when it cannot be one. */
function saleId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw AppError.notFound(SALE_NOT_FOUND);
  return parsed.data.id;
}

/**
 * Sale routes (issue 13 "Sales"). Operators (admin role, JSON):
 * - `GET /api/admin/sales?kind=&status=&search=` → `{data: SaleView[]}` (drafts too, each with its figures);
 * - `POST /api/admin/sales` → 201 `{success, data: SaleView}` (a draft);
 * - `GET /api/admin/sales/{id}` → `{data: SaleView, lots: SaleLot[]}` (every lot in lot order);
 * - `PATCH /api/admin/sales/{id}` → `{success, data}` (a staggered sale's lots get their new ends);
 * - `POST /api/admin/sales/{id}/publish` → `{success, data}`;
 * - `PATCH /api/admin/sales/{id}/lots {item_ids}` → `{success, data: SaleLot[]}` (the new order);
 * - `GET /api/admin/sales/{id}/results` → `{data: SaleResults}`; `GET /api/admin/sales/{id}/results.csv` the lots as CSV.
 * Bidders: `GET /api/sales/{id}` → `{data: PublicSale}` and `GET /api/sales/{id}/lots?page=&per_page=`
 * → `{data: Item[], meta}` in lot order (a draft is not found, except for operators previewing it).
 * Bad input is 422 `{message, errors}`; an unknown sale 404 'Sale not found'.
 */
export function createSalesRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();
  const isOperator = (user: Parameters<typeof hasRole>[0] | null | undefined) => (user ? hasRole(user, 'admin') : false);

  router.get('/api/admin/sales', requireRole('admin'), async (req, res) => {
    const query = parseInput(adminSalesQuerySchema, req.query);
    res.json({ data: await listSales(db, query) });
  });

  router.post('/api/admin/sales', requireRole('admin'), async (req, res) => {
    const input = parseInput(saleInputSchema, req.body ?? {});
    const sale = await runner.run(createSale, operatorActor(req.auth.user!.id), input);
    res.status(201).json({ success: true, data: sale });
  });

  router.get('/api/admin/sales/:id/results', requireRole('admin'), async (req, res) => {
    res.json({ data: await getSaleResults(db, saleId(req.params)) });
  });

  router.get('/api/admin/sales/:id/results.csv', requireRole('admin'), async (req, res) => {
    const results = await getSaleResults(db, saleId(req.params));
    const columns = ['lot_number', 'code', 'name', 'outcome', 'bids', 'hammer_price', 'premium', 'vat', 'buyer'];
    res
      .type('text/csv')
      .attachment(`gavel-sale-${results.sale.id}-results.csv`)
      .send(stringify(saleResultCsvRows(results), { header: true, columns }));
  });

  router.get('/api/admin/sales/:id', requireRole('admin'), async (req, res) => {
    res.json(await getSaleDetail(db, saleId(req.params)));
  });

  router.patch('/api/admin/sales/:id', requireRole('admin'), async (req, res) => {
    const id = saleId(req.params);
    const patch = parseInput(salePatchSchema, req.body ?? {});
    const sale = await runner.run(updateSale, operatorActor(req.auth.user!.id), { id, patch });
    res.json({ success: true, data: sale });
  });

  router.post('/api/admin/sales/:id/publish', requireRole('admin'), async (req, res) => {
    const sale = await runner.run(publishSale, operatorActor(req.auth.user!.id), { id: saleId(req.params) });
    res.json({ success: true, data: sale });
  });

  router.patch('/api/admin/sales/:id/lots', requireRole('admin'), async (req, res) => {
    const id = saleId(req.params);
    const order = parseInput(saleLotsOrderSchema, req.body ?? {});
    await runner.run(reorderSaleLots, operatorActor(req.auth.user!.id), { id, order });
    res.json({ success: true, data: (await getSaleDetail(db, id)).lots });
  });

  router.get('/api/sales/:id', async (req, res) => {
    res.json({ data: await getPublicSale(db, saleId(req.params), { includeDraft: isOperator(req.auth?.user) }) });
  });

  router.get('/api/sales/:id/lots', async (req, res) => {
    const id = saleId(req.params);
    const page = parseInput(saleLotsQuerySchema, req.query);
    res.json(await pageSaleLots(db, id, page, { includeDraft: isOperator(req.auth?.user) }));
  });

  return router;
}
