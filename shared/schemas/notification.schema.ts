import { z } from 'zod';

/** Kinds of notification a user receives. Source: issue 16 "Events and who hears of them". */
export const NOTIFICATION_TYPES = ['outbid', 'closing_soon', 'won', 'payment_received', 'registration_decided', 'saved_search', 'lot_withdrawn'] as const;
/** One of {@link NOTIFICATION_TYPES}. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A notification as `GET /api/notifications` and the socket event `notification:new` carry it:
 * `link` a path in the app (the lot or the order), `read_at`/`created_at` ISO 8601 UTC.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  item_id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
/** See {@link notificationSchema}. */
export type NotificationView = z.infer<typeof notificationSchema>;

/** `GET /api/notifications` query: newest first, `before` an id for the next page, `per_page` 1-50 (default 20). */
export const listNotificationsQuerySchema = z.object({
  before: z.coerce.number({ message: 'before must be a notification id.' }).int().positive('before must be a notification id.').optional(),
  per_page: z.coerce
    .number({ message: 'per_page must be a number.' })
    .int()
    .min(1, 'per_page must be 1 to 50.')
    .max(50, 'per_page must be 1 to 50.')
    .default(20),
});
/** See {@link listNotificationsQuerySchema}. */
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

/** `GET /api/notifications` answer: a page newest first, the user's unread count, and whether older ones exist. */
export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int(),
  has_more: z.boolean(),
});
/** See {@link notificationsPageSchema}. */
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** `POST /api/notifications/read`: the ids to mark read (1-100), or `{all: true}`. */
export const markNotificationsReadInputSchema = z.union(
  [
    z.object({ all: z.literal(true) }).strict(),
    z
      .object({
        ids: z
          .array(z.number({ message: 'Each id must be a notification id.' }).int().positive('Each id must be a notification id.'), {
            message: 'ids must be a list of notification ids.',
          })
          .min(1, 'Choose at least one notification.')
          .max(100, 'At most 100 notifications at a time.'),
      })
      .strict(),
  ],
  { message: 'Send {ids: [...]} or {all: true}.' },
);
/** See {@link markNotificationsReadInputSchema}. */
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInputSchema>;

/** `POST /api/notifications/read` answer: how many changed and the unread count after. */
export const markNotificationsReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() });

/** The socket event `notification:new`: the notification and the user's unread count after it. */
export const notificationNewEventSchema = z.object({ notification: notificationSchema, unread: z.number().int() });
/** See {@link notificationNewEventSchema}. */
export type NotificationNewEvent = z.infer<typeof notificationNewEventSchema>;

/** `GET /api/admin/outbox` answer: messages kept when no mail server or SMS provider is set (newest first). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body_text: z.string(),
  body_html: z.string().nullable(),
  created_at: z.string(),
});
/** See {@link outboxMessageSchema}. */
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Channels a notification can take. `app` is the bell (always on); `push` has no sender yet. Source: issue 16 "Preferences". */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'sms', 'push'] as const;
/** One of {@link NOTIFICATION_CHANNELS}. */
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * `GET /api/notifications/preferences`: for each type, each channel on or off (the user's choice,
 * else the default), which channels can be changed, and whether the account's phone number can
 * take SMS (`sms_number`: the E.164 number, null when it cannot).
 */
export const notificationPreferencesSchema = z.object({
  choices: z.record(z.enum(NOTIFICATION_TYPES), z.record(z.enum(NOTIFICATION_CHANNELS), z.boolean())),
  changeable: z.array(z.enum(NOTIFICATION_CHANNELS)),
  sms_number: z.string().nullable(),
  /** Browsers this user turned push on in. */
  push_devices: z.number().int(),
});
/** See {@link notificationPreferencesSchema}. */
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PATCH /api/notifications/preferences`: one type's channel on or off (`email`, `sms`, `push`; the app always shows it). */
export const notificationPreferenceInputSchema = z
  .object({
    type: z.enum(NOTIFICATION_TYPES, { message: 'Choose a kind of notification.' }),
    channel: z.enum(['email', 'sms', 'push'], { message: 'Only e-mail, SMS and push can be turned on or off.' }),
    enabled: z.boolean({ message: 'enabled must be true or false.' }),
  })
  .strict();
/** See {@link notificationPreferenceInputSchema}. */
export type NotificationPreferenceInput = z.infer<typeof notificationPreferenceInputSchema>;

/** `POST /api/push/subscriptions`: a browser's push subscription as `PushSubscription.toJSON()` gives it. Source: issue 16 "Web push". */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ message: 'The subscription has no valid endpoint.', protocol: /^https?$/ }).max(1000, 'The endpoint is too long.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ message: 'The subscription has no p256dh key.' }).regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'The p256dh key is not a P-256 public key.'),
      auth: z.string({ message: 'The subscription has no auth secret.' }).regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'The auth secret is not 16 bytes.'),
    },
    { message: 'The subscription has no keys.' },
  ),
});
/** See {@link pushSubscriptionInputSchema}. */
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `DELETE /api/push/subscriptions`: the browser's endpoint. */
export const pushUnsubscribeInputSchema = z.object({ endpoint: z.string({ message: 'endpoint is required.' }).min(1, 'endpoint is required.').max(1000) });
