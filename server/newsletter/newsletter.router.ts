import { Router } from 'express';
import { newsletterInputSchema } from '@shared/schemas/newsletter.schema.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { parseInput } from '../http/validate.js';
import { subscribeToNewsletter } from './newsletter.commands.js';

/**
 * `POST /api/newsletter {email, source?}` → 200 `{success: true, message}` whether the email was
 * new or already subscribed (no list membership leak); 422 on a missing or invalid email.
 * Runs the `subscribeToNewsletter` command as the signed-in user, or as a guest.
 * Source: spec/shopping.md §2 footer newsletter form (the call itself is "not shown"), §5.
 */
export function createNewsletterRouter(deps: { runner: CommandRunner }): Router {
  const router = Router();
  router.post('/api/newsletter', async (req, res) => {
    const input = parseInput(newsletterInputSchema, req.body);
    const actor = req.auth.user ? userActor(req.auth.user.id) : ({ type: 'guest' } as const);
    await deps.runner.run(subscribeToNewsletter, actor, { email: input.email, source: input.source ?? null });
    res.json({ success: true, message: 'Thank you for subscribing!' });
  });
  return router;
}
