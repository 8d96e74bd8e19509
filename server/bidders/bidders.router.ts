import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { adminBiddersQuerySchema, bidderPatchSchema, bidderRoleInputSchema, blockBidderInputSchema } from '@shared/schemas/bidder.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { blockBidder, changeBidderRole, setBidLimit, unblockBidder } from './bidders.commands.js';
import { BIDDER_NOT_FOUND, getBidderDetail, listBidders } from './bidders.service.js';

/** `{id}` of a user's path; anything but a positive whole number is an unknown user (404). */
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The user id of the path. @throws AppError 404 'User not found' when it cannot be one. */
function userId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw AppError.notFound(BIDDER_NOT_FOUND);
  return parsed.data.id;
}

/**
 * The operators' bidder routes (issue 13 "Bidders"), admin role, JSON:
 * - `GET /api/admin/users?search=&page=&per_page=` → `{data: BidderSummary[], meta}`;
 * - `GET /api/admin/users/{id}` → `BidderDetail` (profile, roles, block, limit, registrations,
 *   recent bids, wins, unpaid orders, audit links);
 * - `POST /api/admin/users/{id}/block {reason}` / `POST .../unblock` → `{success, data}`
 *   (409 when already blocked / not blocked);
 * - `PATCH /api/admin/users/{id} {bid_limit}` → `{success, data}` (null: no limit);
 * - `POST /api/admin/users/{id}/roles {role: 'admin', grant}` → `{success, data}` (409 for the last admin).
 * Bad input is 422 `{message, errors}`; an unknown user 404 'User not found'.
 */
export function createBiddersRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();

  router.get('/api/admin/users', requireRole('admin'), async (req, res) => {
    res.json(await listBidders(db, parseInput(adminBiddersQuerySchema, req.query)));
  });

  router.get('/api/admin/users/:id', requireRole('admin'), async (req, res) => {
    res.json(await getBidderDetail(db, userId(req.params)));
  });

  router.patch('/api/admin/users/:id', requireRole('admin'), async (req, res) => {
    const id = userId(req.params);
    const { bid_limit } = parseInput(bidderPatchSchema, req.body ?? {});
    res.json({ success: true, data: await runner.run(setBidLimit, operatorActor(req.auth.user!.id), { id, bid_limit }) });
  });

  router.post('/api/admin/users/:id/block', requireRole('admin'), async (req, res) => {
    const id = userId(req.params);
    const { reason } = parseInput(blockBidderInputSchema, req.body ?? {});
    res.json({ success: true, data: await runner.run(blockBidder, operatorActor(req.auth.user!.id), { id, reason }) });
  });

  router.post('/api/admin/users/:id/unblock', requireRole('admin'), async (req, res) => {
    const id = userId(req.params);
    res.json({ success: true, data: await runner.run(unblockBidder, operatorActor(req.auth.user!.id), { id }) });
  });

  router.post('/api/admin/users/:id/roles', requireRole('admin'), async (req, res) => {
    const id = userId(req.params);
    const input = parseInput(bidderRoleInputSchema, req.body ?? {});
    res.json({ success: true, data: await runner.run(changeBidderRole, operatorActor(req.auth.user!.id), { id, ...input }) });
  });

  return router;
}
