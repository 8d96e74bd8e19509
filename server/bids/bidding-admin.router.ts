import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MESSAGES } from '@shared/messages.js';
import { incrementQuerySchema, incrementTableInputSchema, retractBidInputSchema } from '@shared/schemas/bidding.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { retractBid, setIncrementBands } from './bidding-admin.commands.js';
import { findLotSale, listBiddingSales, listLotBidsForOperators } from './bidding-admin.repository.js';
import { listIncrementBands, loadIncrementTables } from './increments.repository.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Increment tables and bid retraction.
 * Public: `GET /api/bid-increments?item_id=ID` (or `?auction_type_id=ID`) → `{data: [{from,
 * increment}]}` ascending: the lot's sale's table, else the global one, else one band
 * `{from: 0, increment: auction_bid_increment}`.
 * Operators (admin role): `GET /api/admin/bid-increments` → `{global: bands, sales: [{auction_type_id,
 * name, type, bands}]}` (bands as stored; empty when a table is unset); `PUT
 * /api/admin/bid-increments` `{auction_type_id|null, bands}` → `{success, data}`; `GET
 * /api/admin/items/{id}/bids` → every bid with `automatic` and `max_amount` and each bidder's
 * standing maximum; `POST /api/admin/bids/{id}/retract` `{reason}` → `{success, data}`.
 * Source: issue "Bidding engine: maximum (proxy) bids, increment bands, reserve met, retraction".
 */
export function createBiddingAdminRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();

  router.get('/api/bid-increments', async (req, res) => {
    const q = parseInput(incrementQuerySchema, req.query);
    let saleId = q.auction_type_id ?? null;
    if (q.item_id != null) {
      const sale = await findLotSale(db, q.item_id);
      if (sale == null) throw AppError.notFound(MESSAGES.itemNotFound);
      saleId = sale;
    }
    res.json({ data: (await loadIncrementTables(db)).for(saleId!) });
  });

  router.get('/api/admin/bid-increments', requireRole('admin'), async (_req, res) => {
    const [rows, sales] = await Promise.all([listIncrementBands(db), listBiddingSales(db)]);
    const of = (saleId: number | null) => rows.filter((r) => r.auction_type_id === saleId).map(({ from, increment }) => ({ from, increment }));
    res.json({ global: of(null), sales: sales.map((s) => ({ auction_type_id: s.id, name: s.name, type: s.type, bands: of(s.id) })) });
  });

  router.put('/api/admin/bid-increments', requireRole('admin'), async (req, res) => {
    const input = parseInput(incrementTableInputSchema, req.body);
    const data = await runner.run(setIncrementBands, operatorActor(req.auth.user!.id), { auctionTypeId: input.auction_type_id, bands: input.bands });
    res.json({ success: true, data });
  });

  router.get('/api/admin/items/:id/bids', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    res.json(await listLotBidsForOperators(db, id));
  });

  router.post('/api/admin/bids/:id/retract', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const { reason } = parseInput(retractBidInputSchema, req.body ?? {});
    const data = await runner.run(retractBid, operatorActor(req.auth.user!.id), { bidId: id, reason });
    res.json({ success: true, data });
  });

  return router;
}
