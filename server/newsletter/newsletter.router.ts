import { Router } from 'express';
import type { Kysely } from 'kysely';
import { newsletterInputSchema } from '../../shared/schemas/newsletter.schema.js';
import type { Database } from '../db/types.js';
import { parseInput } from '../http/validate.js';
import { subscribeToNewsletter } from './newsletter.repository.js';

/**
 * `POST /api/newsletter {email, source?}` → 200 `{success: true, message}` whether the email was
 * new or already subscribed (no list membership leak); 422 on a missing or invalid email.
 * Source: spec/shopping.md §2 footer newsletter form (the call itself is "not shown").
 */
export function createNewsletterRouter(deps: { db: Kysely<Database> }): Router {
  const router = Router();
  router.post('/api/newsletter', async (req, res) => {
    const input = parseInput(newsletterInputSchema, req.body);
    await subscribeToNewsletter(deps.db, { email: input.email, userId: req.auth.user?.id ?? null, source: input.source ?? null });
    res.json({ success: true, message: 'Thank you for subscribing!' });
  });
  return router;
}
