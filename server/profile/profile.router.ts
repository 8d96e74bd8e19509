import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts.js';
import { isCommonPassword } from '@shared/rules/common-passwords.js';
import { billingAddressInputSchema, draftOrdersQuerySchema, profileInputSchema } from '@shared/schemas/profile.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { findUserByEmail } from '../auth/user.repository.js';
import type { TokenCache } from '../auth/token-cache.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { routeRateLimit } from '../http/route-rate-limit.js';
import { parseInput } from '../http/validate.js';
import { saveBillingAddress, updateProfile } from './profile.commands.js';
import { summariseOrders, findBillingAddress, findDraftOrder, listDraftOrders } from './profile.repository.js';

const orderIdSchema = z.coerce.number().int().positive();

/**
 * The customer's own account data (all need sign-in: 401 'Unauthenticated.' otherwise):
 * - `POST /profile` `{name, email, password?, password_confirmation?, current_password?}` →
 *   `{success, message, user}`; 422 `{message, errors}` on bad input, a taken email, one of the
 *   most common passwords, or a changed email or password without the right `current_password`
 *   (issue 18). Command `updateProfile` (event
 *   `user.profile_updated`); a new password is hashed before it and signs out the user's other
 *   sessions and tokens, and their sockets are disconnected (issue 18). After 10 refused saves in
 *   15 minutes a user gets 429 'Too many attempts…' (no guessing the current password).
 * - `GET /api/my/draft-orders?page&per_page&search` → `{data: DraftOrder[], meta}` (own orders only).
 * - `GET /api/my/draft-orders/{id}` → DraftOrder; 404 'Order not found' when missing or another customer's.
 * - `GET /api/me/billing-address` → `{data: BillingAddress | null}`.
 * - `POST /api/me/billing-address` `{address1, town, state, zip?, country?, email?, phone?}` (town the region,
 *   state the district; the checkout's billing rules) → `{data}`; 422 `{message, errors}` and nothing
 *   stored on bad input. Command `saveBillingAddress` (event `user.billing_address_changed`).
 * - `GET /api/me/profile-summary` → `{order_count, total_spent, last_order_at}` (left card and tiles).
 * Source: spec/accounts-and-shell.md §2 "Profile page", §3, §7.
 */
export function createProfileRouter(deps: {
  db: Kysely<Database>;
  runner: CommandRunner;
  tokenCache?: TokenCache;
  /** Disconnects the user's sockets but those of the kept session or token (after a password change). */
  endOtherSockets?: (userId: number, keep: { sessionId?: string; tokenId?: number }) => void;
}): Router {
  const { db, runner } = deps;
  const router = Router();
  const signedIn = requireUser();

  // Guessing the current password from a session left open: 10 refused saves per user per 15 minutes.
  const guesses = routeRateLimit({ limit: 10, windowMs: 15 * 60_000, message: ACCOUNT_MESSAGES.tooManyAttempts, failuresOnly: true });
  router.post('/profile', signedIn, guesses, async (req, res) => {
    const input = parseInput(profileInputSchema, req.body);
    const me = req.auth.user!;
    if (input.password && isCommonPassword(input.password)) throw AppError.validation({ password: [ACCOUNT_MESSAGES.passwordTooCommon] });
    // Someone at an unattended session must not take the account over: the current password first.
    if (input.password || input.email.toLowerCase() !== me.email.toLowerCase()) {
      if (!input.current_password) throw AppError.validation({ current_password: [ACCOUNT_MESSAGES.currentPasswordRequired] });
      const stored = await findUserByEmail(db, me.email);
      if (!stored || !(await verifyPassword(input.current_password, stored.password_hash))) {
        throw AppError.validation({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
      }
    }
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const user = await runner.run(updateProfile, userActor(req.auth.user!.id), {
      name: input.name,
      email: input.email,
      passwordHash,
      keep: { sessionId: req.auth.sessionId, tokenId: req.auth.tokenId },
    });
    // A new password revokes the user's other tokens, and remembered tokens carry the old name
    // and email: forget any remembered here.
    deps.tokenCache?.clear();
    if (passwordHash) deps.endOtherSockets?.(me.id, { sessionId: req.auth.sessionId, tokenId: req.auth.tokenId });
    res.json({ success: true, message: 'Profile updated successfully.', user });
  });

  router.get('/api/my/draft-orders', signedIn, async (req, res) => {
    const query = draftOrdersQuerySchema.parse({ ...req.query, per_page: req.query.per_page ?? req.query.perPage });
    res.json(await listDraftOrders(db, req.auth.user!.id, query));
  });

  router.get('/api/my/draft-orders/:id', signedIn, async (req, res) => {
    const id = orderIdSchema.safeParse(req.params.id);
    const order = id.success ? await findDraftOrder(db, req.auth.user!.id, id.data) : undefined;
    if (!order) throw AppError.notFound('Order not found');
    res.json(order);
  });

  router.get('/api/me/billing-address', signedIn, async (req, res) => {
    res.json({ data: await findBillingAddress(db, req.auth.user!.id) });
  });

  router.post('/api/me/billing-address', signedIn, async (req, res) => {
    const input = parseInput(billingAddressInputSchema, req.body);
    res.json({ data: await runner.run(saveBillingAddress, userActor(req.auth.user!.id), input) });
  });

  router.get('/api/me/profile-summary', signedIn, async (req, res) => {
    res.json(await summariseOrders(db, req.auth.user!.id));
  });

  return router;
}
