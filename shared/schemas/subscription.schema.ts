import { z } from 'zod';
import { LIVE_AUCTION_MESSAGES as M } from '../messages/live-auctions.js';

/**
 * Form of `POST /register-bid` (form data or JSON): `reference_number`, `auction_type_id`,
 * `g-recaptcha-response`, optional `terms`. Source: spec/shopping.md §5 and §7.
 */
export const registerBidInputSchema = z.object({
  reference_number: z
    .string({ message: M.referenceRequired })
    .trim()
    .min(1, M.referenceRequired)
    .max(64, 'The reference number may not be longer than 64 characters.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9\-/ ._]*$/, 'The reference number may only hold letters, digits, spaces and - / . _'),
  auction_type_id: z.coerce.number({ message: M.auctionRequired }).int(M.auctionRequired).positive(M.auctionRequired),
  'g-recaptcha-response': z.string().optional().nullable(),
});
export type RegisterBidInput = z.infer<typeof registerBidInputSchema>;

/** Subscription states. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'declined', 'expired'] as const;

/**
 * Where a bidder stands with one live auction: `none` (never registered) or the status of the
 * registration that speaks for it (active first, then pending, then the latest decided one).
 */
export const REGISTRATION_STATUSES = ['none', ...SUBSCRIPTION_STATUSES] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * Answer of `GET /session/check-subscription/{auctionTypeId}`: the spec's `subscribed`,
 * `auction_type` and `message`, plus (additive, issue 20) `pending`, `registration_status` and
 * the operator's `decline_reason` of a declined registration, so the lot can say "Registration
 * pending approval" or "Registration declined" instead of "Subscription Required".
 * Source: spec/shopping.md §3 "Subscription check result", §7.
 */
export const subscriptionCheckSchema = z.object({
  subscribed: z.boolean(),
  pending: z.boolean().optional(),
  registration_status: z.enum(REGISTRATION_STATUSES).optional(),
  decline_reason: z.string().nullable().optional(),
  auction_type: z.object({ id: z.number().optional(), name: z.string().optional() }).nullable().optional(),
  message: z.string().nullable().optional(),
});
export type SubscriptionCheckAnswer = z.infer<typeof subscriptionCheckSchema>;

/** Operator's decline body. */
export const declineSubscriptionInputSchema = z.object({
  reason: z.string().trim().min(3, 'Please give the reason for declining (at least 3 characters).').max(500),
});

/** A registration as operators see it. */
export interface SubscriptionView {
  id: number;
  reference_number: string;
  status: (typeof SUBSCRIPTION_STATUSES)[number];
  decline_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
  user: { id: number; name: string; email: string; phone: string | null };
  auction_type: { id: number; name: string; date_from: string | null; date_to: string | null };
}

/** `subscription:updated` to room `user:{id}` when an operator decides. */
export const subscriptionUpdatedEventSchema = z.object({
  auction_type_id: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  subscribed: z.boolean(),
  message: z.string(),
});
export type SubscriptionUpdatedEvent = z.infer<typeof subscriptionUpdatedEventSchema>;
