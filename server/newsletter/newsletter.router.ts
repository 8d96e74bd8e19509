import { Router } from 'express';
import { newsletterInputSchema } from '@shared/schemas/newsletter.schema.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { routeRateLimit } from '../http/route-rate-limit.js';
import { parseInput } from '../http/validate.js';
import { subscribeToNewsletter } from './newsletter.commands.js';

/** The answer to too many newsletter sign-ups from one caller (our wording, issue 18). */
export const NEWSLETTER_RATE_LIMITED = 'Too many sign-ups from this connection. Please try again later.';

/**
 * `POST /api/newsletter {email, source?}` → 200 `{success: true, message}` whether the email was
 * new or already subscribed (no list membership leak); 422 on a missing or invalid email.
 * Runs the `subscribeToNewsletter` command as the signed-in user, or as a guest. At most
 * `perHour` sign-ups per caller (user, else source address) an hour: 429 `{success: false,
 * message, code: 'rate_limited'}` with `Retry-After` (issue 18).
 * Source: spec/shopping.md §2 footer newsletter form (the call itself is "not shown"), §5.
 */
export function createNewsletterRouter(deps: { runner: CommandRunner; perHour?: number }): Router {
  const router = Router();
  const limit = deps.perHour ? [routeRateLimit({ limit: deps.perHour, windowMs: 3600_000, message: NEWSLETTER_RATE_LIMITED, extra: { success: false } })] : [];
  router.post('/api/newsletter', ...limit, async (req, res) => {
    const input = parseInput(newsletterInputSchema, req.body);
    const actor = req.auth.user ? userActor(req.auth.user.id) : ({ type: 'guest' } as const);
    await deps.runner.run(subscribeToNewsletter, actor, { email: input.email, source: input.source ?? null });
    res.json({ success: true, message: 'Thank you for subscribing!' });
  });
  return router;
}
