import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MESSAGES } from '../../shared/messages.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { hasActiveSubscription } from './subscriptions.repository.js';

const paramsSchema = z.object({ auctionTypeId: z.coerce.number().int().positive() });

/**
 * `GET /session/check-subscription/{auctionTypeId}` → `{subscribed, auction_type: {name}, message}`.
 * Signed-out callers get 401 'User not authenticated'. Source: spec/shopping.md §3, §7, §8.
 */
export function createSubscriptionsRouter(deps: { db: Kysely<Database> }): Router {
  const router = Router();
  router.get('/session/check-subscription/:auctionTypeId', async (req, res) => {
    if (!req.auth.user) throw new AppError(401, 'unauthenticated', 'User not authenticated', undefined, { subscribed: false });
    const { auctionTypeId } = parseInput(paramsSchema, req.params);
    const type = await deps.db.selectFrom('auction_types').select(['id', 'name']).where('id', '=', auctionTypeId).executeTakeFirst();
    if (!type) throw AppError.notFound('Auction not found');
    const subscribed = await hasActiveSubscription(deps.db, req.auth.user.id, auctionTypeId);
    res.json({
      subscribed,
      auction_type: { id: type.id, name: type.name },
      message: subscribed ? `You are subscribed to "${type.name}".` : MESSAGES.notSubscribed(type.name),
    });
  });
  return router;
}
