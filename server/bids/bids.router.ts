import { Router } from 'express';
import { MESSAGES } from '@shared/messages.js';
import { requireUser } from '../auth/auth.middleware.js';
import { placeBidAs, type PlaceBidDeps } from './bids.service.js';

/**
 * `POST /ajax-bid` for browsers (session cookie, after the app's CSRF check) and every other
 * caller that reaches the main stack (bearer clients with JSON take server/bids/bid-lane.ts):
 * signed in (401 'You must be signed in to place a bid'), then {@link placeBidAs}.
 * Source: spec/shopping.md §5, §7.
 */
export function createBidsRouter(deps: PlaceBidDeps): Router {
  const router = Router();
  router.post('/ajax-bid', requireUser(MESSAGES.mustSignInToBid), async (req, res) => {
    res.json(await placeBidAs(deps, req.auth.user!, req.body));
  });
  return router;
}
