import { Router, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import multer from 'multer';
import { z } from 'zod';
import { MESSAGES } from '../../shared/messages.js';
import { LIVE_AUCTION_MESSAGES as M } from '../../shared/messages/live-auctions.js';
import { declineSubscriptionInputSchema, registerBidInputSchema, SUBSCRIPTION_STATUSES } from '../../shared/schemas/subscription.schema.js';
import { requireRole, requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import type { EventBus } from '../realtime/bus.js';
import { hasActiveSubscription } from './subscriptions.repository.js';
import { listRegistrableAuctions, listSubscriptions, registerForAuction, reviewSubscription } from './subscriptions.service.js';

const paramsSchema = z.object({ auctionTypeId: z.coerce.number().int().positive() });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const statusQuery = z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });

/** Verifies a human-verification token; throws AppError 422 when it fails. */
export type CaptchaCheck = (token: string | null | undefined, ip?: string) => Promise<void>;

/**
 * Live-auction subscription routes. Source: spec/shopping.md §3, §5, §7, §8; issue 7.
 * - `GET /session/check-subscription/{auctionTypeId}` → `{subscribed, auction_type, message}`
 * - `GET /api/live-auctions-session` → live auction types open for registration (sign-in required)
 * - `POST /register-bid` (form data or JSON) → `{success, message}`; 422 `{message, error, errors}`
 * - `GET /api/admin/subscriptions?status=`, `POST /api/admin/subscriptions/{id}/approve`,
 *   `POST /api/admin/subscriptions/{id}/decline {reason}` (admin role); a decision is pushed
 *   to the user's room (`subscription.updated`).
 */
export function createSubscriptionsRouter(deps: { db: Kysely<Database>; bus: EventBus; captcha: CaptchaCheck }): Router {
  const { db } = deps;
  const router = Router();
  const form = multer({ limits: { fields: 10, fieldSize: 10_000, files: 0 } }).none();

  router.get('/session/check-subscription/:auctionTypeId', async (req, res) => {
    if (!req.auth.user) throw new AppError(401, 'unauthenticated', 'User not authenticated', undefined, { subscribed: false });
    const { auctionTypeId } = parseInput(paramsSchema, req.params);
    const type = await db.selectFrom('auction_types').select(['id', 'name']).where('id', '=', auctionTypeId).executeTakeFirst();
    if (!type) throw AppError.notFound('Auction not found');
    const subscribed = await hasActiveSubscription(db, req.auth.user.id, auctionTypeId);
    const pending = subscribed
      ? false
      : Boolean(
          await db
            .selectFrom('auction_subscriptions')
            .select('id')
            .where('user_id', '=', req.auth.user.id)
            .where('auction_type_id', '=', auctionTypeId)
            .where('status', '=', 'pending')
            .executeTakeFirst(),
        );
    res.json({
      subscribed,
      pending,
      auction_type: { id: type.id, name: type.name },
      message: subscribed ? `You are subscribed to "${type.name}".` : MESSAGES.notSubscribed(type.name),
    });
  });

  router.get('/api/live-auctions-session', requireUser(), async (_req, res) => {
    res.json({ data: await listRegistrableAuctions(db) });
  });

  router.post('/register-bid', requireUser(), form, async (req, res) => {
    const input = parseInput(registerBidInputSchema, req.body);
    await deps.captcha(input['g-recaptcha-response'], req.ip);
    await registerForAuction(db, { userId: req.auth.user!.id, auctionTypeId: input.auction_type_id, referenceNumber: input.reference_number });
    res.status(201).json({ success: true, message: M.registrationSubmitted });
  });

  router.get('/api/admin/subscriptions', requireRole('admin'), async (req, res) => {
    const { status } = parseInput(statusQuery, req.query);
    res.json({ data: await listSubscriptions(db, status) });
  });

  const decide =
    (decision: 'approve' | 'decline'): RequestHandler =>
    async (req, res) => {
      const { id } = parseInput(idParams, req.params);
      const reason = decision === 'decline' ? parseInput(declineSubscriptionInputSchema, req.body).reason : undefined;
      const result = await reviewSubscription(db, { id, reviewerId: req.auth.user!.id, decision, reason });
      await deps.bus.publish({ type: 'subscription.updated', userId: result.userId, payload: result.event });
      res.json({ success: true, message: result.event.message, status: result.event.status });
    };
  router.post('/api/admin/subscriptions/:id/approve', requireRole('admin'), decide('approve'));
  router.post('/api/admin/subscriptions/:id/decline', requireRole('admin'), decide('decline'));

  return router;
}
