import { z } from 'zod';
import { blankToUndefined, optionalQueryId, pageQueryFields } from './query-fields.js';
import { paginationSchema } from './watchlist.schema.js';

/**
 * What an audit event can be about (`domain_events.subject_type`). The server checks at compile
 * time that this list and its own subject types agree (server/audit/audit.repository.ts).
 * Source: docs/architecture.md "Commands, events, audit".
 */
export const AUDIT_SUBJECT_TYPES = ['item', 'order', 'user', 'registration', 'advert', 'cart', 'newsletter', 'page', 'setting', 'sale'] as const;
/** One of {@link AUDIT_SUBJECT_TYPES}. */
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** How operators read each subject type. */
export const AUDIT_SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  item: 'Lot',
  order: 'Order',
  user: 'User',
  registration: 'Registration',
  advert: 'Advert',
  cart: 'Cart',
  newsletter: 'Newsletter',
  page: 'Page',
  setting: 'Setting',
  sale: 'Sale',
};

/**
 * The event types written to the audit trail, with the label operators read. Every key is one of
 * the server's event types (checked at compile time); a type recorded before it is listed here is
 * still shown, labelled from its name ({@link auditTypeLabel}).
 */
export const AUDIT_EVENT_LABELS = {
  'order.placed': 'Order placed',
  'order.payment_started': 'Payment started',
  'order.status_changed': 'Order status changed',
  'auction.closed': 'Auction closed',
  'item.updated': 'Lot updated',
  'registration.submitted': 'Registration submitted',
  'registration.decided': 'Registration decided',
  'advert.changed': 'Advert changed',
  'cart.changed': 'Cart changed',
  'watchlist.changed': 'Watchlist changed',
  'user.registered': 'Account created',
  'user.profile_updated': 'Profile updated',
  'user.billing_address_changed': 'Billing address changed',
  'user.blocked': 'Bidder blocked',
  'user.unblocked': 'Bidder unblocked',
  'user.bid_limit_changed': 'Spending limit changed',
  'user.role_granted': 'Role granted',
  'user.role_revoked': 'Role revoked',
  'newsletter.subscribed': 'Newsletter sign-up',
  'page.updated': 'Page edited',
  'setting.changed': 'Setting changed',
  'bid.maximum_set': 'Maximum bid set',
  'bid.retracted': 'Bid retracted',
  'increments.changed': 'Increment table changed',
  'sale.created': 'Sale created',
  'sale.updated': 'Sale edited',
  'sale.published': 'Sale published',
  'sale.lots_reordered': 'Lots reordered',
  'sale.closes_rescheduled': 'Lot closes rescheduled',
  'lot.created': 'Lot created',
  'lot.updated': 'Lot edited',
  'lot.withdrawn': 'Lot withdrawn',
  'lot.relisted': 'Lot relisted',
  'lot.images_changed': 'Lot pictures changed',
  'live.changed': 'Live room',
} as const satisfies Record<string, string>;
/** An event type with a label in {@link AUDIT_EVENT_LABELS}. */
export type AuditEventType = keyof typeof AUDIT_EVENT_LABELS;

/**
 * Readable label of an event type: its entry in {@link AUDIT_EVENT_LABELS}, else built from the
 * name (`order.refund_issued` → `Order refund issued`).
 */
export function auditTypeLabel(type: string): string {
  const known = (AUDIT_EVENT_LABELS as Record<string, string>)[type];
  if (known) return known;
  const words = type.replace(/[._]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : type;
}

const optionalId = (what: string) => optionalQueryId(`The ${what} must be a whole number from 1.`);

/**
 * Query of `GET /api/admin/audit`: `subject_type` (one of {@link AUDIT_SUBJECT_TYPES}),
 * `subject_id` (needs `subject_type`), `actor_id` (the user who acted), `type` (an event type
 * exactly, or a prefix ending in a dot: `order.`), `page` (from 1), `per_page` (1-100, default 25).
 * Empty values are the same as absent ones.
 */
export const auditQuerySchema = z
  .object({
    subject_type: z.preprocess(
      blankToUndefined,
      z.enum(AUDIT_SUBJECT_TYPES, { message: `The subject type must be one of: ${AUDIT_SUBJECT_TYPES.join(', ')}.` }).optional(),
    ),
    subject_id: optionalId('subject id'),
    actor_id: optionalId('actor id'),
    type: z
      .string({ message: 'The event type must be text.' })
      .trim()
      .max(64, 'The event type may not be longer than 64 characters.')
      .regex(/^([a-z][a-z_]*(\.([a-z][a-z_]*)?)?)?$/, "The event type must be a type such as 'order.status_changed' or a prefix such as 'order.'.")
      .optional()
      .transform((s) => (s ? s : undefined)),
    ...pageQueryFields(25),
  })
  .superRefine((q, ctx) => {
    if (q.subject_id !== undefined && q.subject_type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['subject_type'], message: 'Choose the subject type of the subject id.' });
    }
  });
/** Parsed {@link auditQuerySchema}. */
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Who made a recorded change, as operators see it. */
export const auditActorSchema = z.object({
  type: z.enum(['user', 'operator', 'system', 'guest']),
  /** The user's id (user and operator), else null. */
  id: z.number().nullable(),
  /** The user's name now, or the system job's name; null for a guest. */
  name: z.string().nullable(),
  /** The user's e-mail now; null for a system job or a guest. */
  email: z.string().nullable(),
});
/** Parsed {@link auditActorSchema}. */
export type AuditActor = z.infer<typeof auditActorSchema>;

/** One recorded event (time ISO 8601 UTC; payload as its command wrote it, money in MWK). */
export const auditEventSchema = z.object({
  id: z.number(),
  type: z.string(),
  subject_type: z.string(),
  subject_id: z.number().nullable(),
  /** What the subject is called now (lot name, order reference, user name, registration reference, an advert's first 60 characters, whose cart), when known. */
  subject_label: z.string().nullable(),
  actor: auditActorSchema,
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
/** Parsed {@link auditEventSchema}. */
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Answer of `GET /api/admin/audit`: one page, newest first, with the spec's pagination in `meta`. */
export const auditPageSchema = z.object({ data: z.array(auditEventSchema), meta: paginationSchema });
/** Parsed {@link auditPageSchema}. */
export type AuditPage = z.infer<typeof auditPageSchema>;
