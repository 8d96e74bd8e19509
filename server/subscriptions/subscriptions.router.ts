import { Router, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import multer from 'multer';
import { z } from 'zod';
import { LIVE_AUCTION_MESSAGES as M } from '@shared/messages/live-auctions.js';
import { declineSubscriptionInputSchema, registerBidInputSchema, SUBSCRIPTION_STATUSES } from '@shared/schemas/subscription.schema.js';
import { requireRole, requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { readableMultipart } from '../http/request-guards.js';
import { routeRateLimit } from '../http/route-rate-limit.js';
import { parseInput } from '../http/validate.js';
import type { CommandRunner } from '../events/command-runner.js';
import { operatorActor, userActor } from '../events/domain-events.js';
import { decideRegistration, registerForAuction } from './subscriptions.commands.js';
import { checkSubscription, listRegistrableAuctions, listSubscriptions } from './subscriptions.service.js';

const paramsSchema = z.object({ auctionTypeId: z.coerce.number().int().positive() });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const statusQuery = z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });

/** Verifies a human-verification token; throws AppError 422 when it fails. */
export type CaptchaCheck = (token: string | null | undefined, ip?: string) => Promise<void>;

/** The answer to too many live-auction registrations from one bidder in an hour (our wording, issue 18). */
export const REGISTRATION_RATE_LIMITED = 'Too many registration attempts. Please try again later.';

/**
 * Live-auction subscription routes. Source: spec/shopping.md §3, §4 "Bid registration", §5, §7, §8.
 * - `GET /session/check-subscription/{auctionTypeId}` → `{subscribed, pending, registration_status,
 *   decline_reason, auction_type, message}`
 * - `GET /api/live-auctions-session` → live auction types open for registration, each with the
 *   user's `registration_status` and `decline_reason` (sign-in required)
 * - `POST /register-bid` (form data or JSON) → 201 `{success, message}`; 422 `{message, errors}`;
 *   429 `{success: false, message, code: 'rate_limited'}` past `registrationsPerHour` per user (issue 18)
 * - `GET /api/admin/subscriptions?status=`, `POST /api/admin/subscriptions/{id}/approve`,
 *   `POST /api/admin/subscriptions/{id}/decline {reason}` (admin role) → `{success, message, status}`;
 *   the message is the operator's ('Registration approved for {name}'), not the bidder's.
 * Registering and deciding are commands (server/subscriptions/subscriptions.commands.ts); a
 * decision's event reaches the bidder's open pages (`subscription:updated`).
 */
export function createSubscriptionsRouter(deps: { db: Kysely<Database>; runner: CommandRunner; captcha: CaptchaCheck; registrationsPerHour?: number }): Router {
  const { db, runner } = deps;
  const router = Router();
  const form = readableMultipart(multer({ limits: { fields: 10, fieldSize: 10_000, files: 0 } }).none());

  router.get('/session/check-subscription/:auctionTypeId', async (req, res) => {
    if (!req.auth.user) throw new AppError(401, 'unauthenticated', 'User not authenticated', undefined, { subscribed: false });
    const { auctionTypeId } = parseInput(paramsSchema, req.params);
    res.json(await checkSubscription(db, req.auth.user.id, auctionTypeId));
  });

  router.get('/api/live-auctions-session', requireUser(), async (req, res) => {
    res.json({ data: await listRegistrableAuctions(db, req.auth.user!.id) });
  });

  const registrationLimit = deps.registrationsPerHour
    ? [routeRateLimit({ limit: deps.registrationsPerHour, windowMs: 3600_000, message: REGISTRATION_RATE_LIMITED, extra: { success: false } })]
    : [];
  router.post('/register-bid', requireUser(), ...registrationLimit, form, async (req, res) => {
    const input = parseInput(registerBidInputSchema, req.body);
    await deps.captcha(input['g-recaptcha-response'], req.ip);
    await runner.run(registerForAuction, userActor(req.auth.user!.id), { auctionTypeId: input.auction_type_id, referenceNumber: input.reference_number });
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
      const decided = await runner.run(decideRegistration, operatorActor(req.auth.user!.id), { id, decision, reason });
      res.json({ success: true, message: decided.operator_message, status: decided.status });
    };
  router.post('/api/admin/subscriptions/:id/approve', requireRole('admin'), decide('approve'));
  router.post('/api/admin/subscriptions/:id/decline', requireRole('admin'), decide('decline'));

  return router;
}
