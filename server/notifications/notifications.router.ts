import { Router, type Response } from 'express';
import type { Kysely } from 'kysely';
import {
  listNotificationsQuerySchema,
  markNotificationsReadInputSchema,
  notificationPreferenceInputSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@shared/schemas/notification.schema.js';
import { requireRole, requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validate.js';
import { markNotificationsRead, setNotificationPreference } from './notifications.commands.js';
import { countUnread, deletePushSubscription, listNotifications, listOutboxMessages, savePushSubscription } from './notifications.repository.js';
import { readPreferences } from './notifications.service.js';
import { verifyUnsubscribe } from './unsubscribe-token.js';

/**
 * A user's notifications (issue 16 "In the app"), signed in:
 * - `GET /api/notifications?before=&per_page=` → `{data: [{id, type, item_id, title, body, link,
 *   read_at, created_at}], unread, has_more}`, newest first (422 for a bad query);
 * - `POST /api/notifications/read` `{ids}` or `{all: true}` → `{updated, unread}` (another user's
 *   ids are ignored);
 * - `GET /api/notifications/preferences` → the grid of types × channels; `PATCH` the same with
 *   `{type, channel: 'email'|'sms', enabled}` → the grid after (audited).
 * Web push: `GET /api/push/key` → `{public_key}` (404 when off); signed in, `POST
 * /api/push/subscriptions` `{endpoint, keys: {p256dh, auth}}` → 201; `DELETE` the same `{endpoint}`.
 * Operators (admin role): `GET /api/admin/outbox?limit=` → `{data}`, the mails and SMS kept
 * without a provider. Anyone: `GET /i/{id}` → 302 to `/item/{id}` (the short link in SMS).
 */
export function createNotificationsRouter(deps: { db: Kysely<Database>; runner: CommandRunner; pushPublicKey?: string }): Router {
  const { db, runner } = deps;
  const router = Router();

  router.get('/api/notifications', requireUser(), async (req, res) => {
    const query = parseInput(listNotificationsQuerySchema, req.query);
    const userId = req.auth.user!.id;
    const page = await listNotifications(db, userId, { before: query.before, perPage: query.per_page });
    res.json({ data: page.data, unread: await countUnread(db, userId), has_more: page.hasMore });
  });

  router.post('/api/notifications/read', requireUser(), async (req, res) => {
    const input = parseInput(markNotificationsReadInputSchema, req.body);
    const userId = req.auth.user!.id;
    const changed = await runner.run(markNotificationsRead, userActor(userId), { userId, ids: 'all' in input ? 'all' : input.ids });
    res.json({ updated: changed.length, unread: await countUnread(db, userId) });
  });

  router.get('/api/notifications/preferences', requireUser(), async (req, res) => {
    res.json(await readPreferences(db, req.auth.user!.id));
  });

  router.patch('/api/notifications/preferences', requireUser(), async (req, res) => {
    const input = parseInput(notificationPreferenceInputSchema, req.body);
    const userId = req.auth.user!.id;
    await runner.run(setNotificationPreference, userActor(userId), { userId, ...input, via: 'profile' });
    res.json(await readPreferences(db, userId));
  });

  // Web push: browsers subscribe with the public key; a subscription is a device credential
  // (like a session), so these are not commands and leave no audit row.
  router.get('/api/push/key', (_req, res) => {
    if (!deps.pushPublicKey) throw new AppError(404, 'not_found', 'Web push is not available.');
    res.json({ public_key: deps.pushPublicKey });
  });

  router.post('/api/push/subscriptions', requireUser(), async (req, res) => {
    const input = parseInput(pushSubscriptionInputSchema, req.body);
    await savePushSubscription(db, req.auth.user!.id, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    res.status(201).json({ success: true });
  });

  router.delete('/api/push/subscriptions', requireUser(), async (req, res) => {
    const input = parseInput(pushUnsubscribeInputSchema, req.body);
    res.json({ success: true, removed: await deletePushSubscription(db, req.auth.user!.id, input.endpoint) });
  });

  // The short link of text messages: /i/{id} → the lot's page.
  router.get('/i/:id', (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw AppError.notFound('Page not found');
    res.redirect(302, `/item/${id}`);
  });

  router.get('/api/admin/outbox', requireRole('admin'), async (req, res) => {
    const limit = Math.min(Math.max(Number(req.query.limit) || 100, 1), 200);
    res.json({ data: await listOutboxMessages(db, limit) });
  });

  return router;
}

/**
 * The unsubscribe link of notification e-mails, without signing in (issue 16 "one-click
 * unsubscribe"), mounted before the anti-forgery check (the signed token is the proof):
 * - `GET /api/notifications/unsubscribe?token=` → a page asking to confirm (a link scanner that
 *   opens it changes nothing);
 * - `POST` the same → the user's e-mails of that type stop (`notification.preference_changed`,
 *   via `unsubscribe_link`); mail clients' one-click (RFC 8058) posts here too.
 * A bad or forged token answers 400 with a page saying so.
 */
export function createUnsubscribeRouter(deps: { runner: CommandRunner; secret: string }): Router {
  const router = Router();
  const TYPE_NAMES: Record<string, string> = {
    outbid: 'outbid alerts',
    closing_soon: 'closing-soon reminders',
    won: 'auction wins',
    payment_received: 'payment receipts',
    registration_decided: 'registration decisions',
    saved_search: 'saved-search alerts',
    all: 'notifications',
  };
  const page = (res: Response, status: number, title: string, body: string) =>
    res
      .status(status)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Gavel</title>` +
          `<style>body{font-family:system-ui,Arial,sans-serif;background:#f4f5f7;color:#1f2933;margin:0;padding:24px}main{max-width:480px;margin:40px auto;background:#fff;border-radius:8px;padding:24px}` +
          `h1{font-size:22px;margin:0 0 12px}button{background:#0b4f8a;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;cursor:pointer}a{color:#0b4f8a}</style></head>` +
          `<body><main><h1>${title}</h1>${body}<p><a href="/">Back to Gavel</a></p></main></body></html>`,
      );
  const tokenOf = (value: unknown) => (typeof value === 'string' ? verifyUnsubscribe(deps.secret, value) : null);

  router.get('/api/notifications/unsubscribe', (req, res) => {
    const request = tokenOf(req.query.token);
    if (!request || !(request.type in TYPE_NAMES))
      return void page(
        res,
        400,
        'This link is not valid',
        '<p>The unsubscribe link is incomplete or was changed. Use the link in the e-mail as it is, or change your e-mail settings on your profile.</p>',
      );
    const token = encodeURIComponent(String(req.query.token));
    page(
      res,
      200,
      'Stop these e-mails?',
      `<p>You will no longer receive e-mails about ${TYPE_NAMES[request.type]}. You still see them in the app.</p><form method="post" action="/api/notifications/unsubscribe?token=${token}"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  router.post('/api/notifications/unsubscribe', async (req, res) => {
    const request = tokenOf(req.query.token);
    if (!request || !(request.type in TYPE_NAMES))
      return void page(res, 400, 'This link is not valid', '<p>The unsubscribe link is incomplete or was changed.</p>');
    await deps.runner.run(setNotificationPreference, userActor(request.userId), {
      userId: request.userId,
      type: request.type as 'all',
      channel: 'email',
      enabled: false,
      via: 'unsubscribe_link',
    });
    page(res, 200, 'You are unsubscribed', `<p>You will no longer receive e-mails about ${TYPE_NAMES[request.type]}.</p>`);
  });

  return router;
}
