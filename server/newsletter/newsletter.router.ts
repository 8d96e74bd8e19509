import { stringify } from 'csv-stringify/sync';
import { Router } from 'express';
import type { Kysely } from 'kysely';
import { newsletterInputSchema } from '@shared/schemas/newsletter.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { routeRateLimit } from '../http/route-rate-limit.js';
import { parseInput } from '../http/validate.js';
import { subscribeToNewsletter } from './newsletter.commands.js';
import { listNewsletterSubscribers } from './newsletter.repository.js';

/** The answer to too many newsletter sign-ups from one caller (our wording, issue 18). */
export const NEWSLETTER_RATE_LIMITED = 'Too many sign-ups from this connection. Please try again later.';

/**
 * `POST /api/newsletter {email, source?}` → 200 `{success: true, message}` whether the email was
 * new or already subscribed (no list membership leak); 422 on a missing or invalid email.
 * Runs the `subscribeToNewsletter` command as the signed-in user, or as a guest. At most
 * `perHour` sign-ups per caller (user, else source address) an hour: 429 `{success: false,
 * message, code: 'rate_limited'}` with `Retry-After` (issue 18).
 * Source: spec/shopping.md §2 footer newsletter form (the call itself is "not shown"), §5.
 *
 * `GET /api/admin/newsletter/subscribers.csv` (admin role): every address still subscribed, oldest
 * first, as a CSV download (`email, name, subscribed_at, source`; times ISO 8601 UTC). Source:
 * issue 13 "Settlement and results" (newsletter subscribers exported as CSV).
 */
export function createNewsletterRouter(deps: { db: Kysely<Database>; runner: CommandRunner; perHour?: number }): Router {
  const router = Router();
  const limit = deps.perHour ? [routeRateLimit({ limit: deps.perHour, windowMs: 3600_000, message: NEWSLETTER_RATE_LIMITED, extra: { success: false } })] : [];
  router.post('/api/newsletter', ...limit, async (req, res) => {
    const input = parseInput(newsletterInputSchema, req.body);
    const actor = req.auth.user ? userActor(req.auth.user.id) : ({ type: 'guest' } as const);
    await deps.runner.run(subscribeToNewsletter, actor, { email: input.email, source: input.source ?? null });
    res.json({ success: true, message: 'Thank you for subscribing!' });
  });
  router.get('/api/admin/newsletter/subscribers.csv', requireRole('admin'), async (_req, res) => {
    const rows = await listNewsletterSubscribers(deps.db);
    const csv = stringify(
      rows.map((r) => ({
        email: spreadsheetSafe(r.email),
        name: spreadsheetSafe(r.name),
        subscribed_at: r.subscribed_at.toISOString(),
        source: spreadsheetSafe(r.source),
      })),
      { header: true, columns: ['email', 'name', 'subscribed_at', 'source'] },
    );
    res.type('text/csv').attachment('gavel-newsletter-subscribers.csv').send(csv);
  });
  return router;
}

/** A text cell a spreadsheet will not run as a formula: one starting with = + - @ or a tab/return gets a leading apostrophe. */
function spreadsheetSafe(value: string | null): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
