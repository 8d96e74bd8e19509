import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { LIVE_ACTIONS, liveFloorBidInputSchema, liveMessageInputSchema, liveOpenInputSchema, type LiveAction } from '@shared/schemas/live-sale.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { requireLiveSale, runClerkAction, type ClerkActionInput } from './live.commands.js';
import { buildLiveState, listLiveConsoleLots } from './live.service.js';

/** `{saleId}` of the path; anything but a positive whole number is an unknown sale (404). */
const saleParams = z.object({ saleId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

function saleIdOf(params: unknown): number {
  const parsed = saleParams.safeParse(params);
  if (!parsed.success) throw AppError.notFound('Sale not found');
  return parsed.data.saleId;
}

/** What each action's body carries, parsed with its schema (422 `{message, errors}` on bad input). */
function actionInput(saleId: number, action: LiveAction, body: unknown): ClerkActionInput {
  switch (action) {
    case 'open':
      return { saleId, action, lotId: parseInput(liveOpenInputSchema, body ?? {}).lot_id ?? null };
    case 'floor-bid':
      return { saleId, action, paddle: parseInput(liveFloorBidInputSchema, body ?? {}).paddle };
    case 'message':
      return { saleId, action, text: parseInput(liveMessageInputSchema, body ?? {}).text };
    default:
      return { saleId, action };
  }
}

/**
 * The clerk's console (issue 15 "Contract"), admin role, JSON:
 * - `GET /api/admin/live/{saleId}` → `{data: {state, lots}}`: the room as operators see it (bidders'
 *   names, reserves) and the sale's lots in order;
 * - `POST /api/admin/live/{saleId}/{action}` (open `{lot_id?}`, floor-bid `{paddle?}`, fair-warning,
 *   sold, pass, undo, next, pause, resume, lock, unlock, message `{text}`) → the same answer after
 *   the action ({@link runClerkAction}); refused actions 409 `{message}`, bad input 422, an unknown
 *   action or sale 404, a sale that is not a published live auction 409.
 */
export function createLiveRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();

  const answer = async (saleId: number) => {
    const sale = await requireLiveSale(db, saleId);
    const [state, lots] = await Promise.all([buildLiveState(db, sale, true), listLiveConsoleLots(db, sale.id)]);
    return { data: { state, lots } };
  };

  router.get('/api/admin/live/:saleId', requireRole('admin'), async (req, res) => {
    res.json(await answer(saleIdOf(req.params)));
  });

  router.post('/api/admin/live/:saleId/:action', requireRole('admin'), async (req, res) => {
    const saleId = saleIdOf(req.params);
    const action = req.params.action as LiveAction;
    if (!(LIVE_ACTIONS as readonly string[]).includes(action)) throw AppError.notFound('There is no such clerk action.');
    await runner.run(runClerkAction, operatorActor(req.auth.user!.id), actionInput(saleId, action, req.body));
    res.json(await answer(saleId));
  });

  return router;
}
