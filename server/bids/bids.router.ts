import { Router } from 'express';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../shared/messages.js';
import { placeBidInputSchema } from '../../shared/schemas/bid.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { EventBus } from '../realtime/bus.js';
import { getBidIncrement } from '../settings/settings.repository.js';
import { placeBid } from './bids.service.js';

/**
 * `POST /ajax-bid {item_id, amount}`: signed in (401 'You must be signed in to place a bid'),
 * permission `place_bids` (403), then {@link placeBid}. After the commit, `bid.placed` goes on
 * the bus. Answer: `{success, message, bid, item}`. Source: spec/shopping.md §5, §7; DESIGN.md.
 */
export function createBidsRouter(deps: { db: Kysely<Database>; bus: EventBus }): Router {
  const router = Router();
  router.post('/ajax-bid', requireUser(MESSAGES.mustSignInToBid), async (req, res) => {
    const user = req.auth.user!;
    if (!user.permissions.includes('place_bids')) {
      throw AppError.forbidden(MESSAGES.noBidPermission, { error: MESSAGES.noBidPermission, reason: 'no_permission' });
    }
    const input = parseInput(placeBidInputSchema, req.body);
    const placed = await placeBid(deps.db, {
      itemId: input.item_id,
      userId: user.id,
      amount: input.amount,
      increment: await getBidIncrement(deps.db),
    });
    await deps.bus.publish({
      type: 'bid.placed',
      payload: {
        item_id: placed.item.id,
        bid: placed.bid,
        bid_amount: placed.item.bid_amount,
        bid_count: placed.item.bid_count,
        min_next_bid: placed.item.min_next_bid,
        date_to: placed.item.date_to,
      },
      previousLeaderId: placed.previousLeaderId,
      previousAmount: placed.previousAmount,
    });
    res.json({ success: true, message: 'Your bid has been placed.', bid: placed.bid, item: placed.item });
  });
  return router;
}
