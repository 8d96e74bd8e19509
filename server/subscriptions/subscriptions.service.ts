import type { Kysely } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import type { RegistrationStatus, SubscriptionCheckAnswer, SubscriptionView } from '@shared/schemas/subscription.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import {
  findAuctionType,
  listOpenLiveAuctionTypes,
  listRegistrationStates,
  listSubscriptionRows,
  type SubscriptionStatus,
} from './subscriptions.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Sales a bidder can register for: active and published live auctions and online sales that
 * ask a deposit (issue 13, with `deposit_amount`), not yet ended; dates ISO 8601 UTC; each with the user's `registration_status` (`none`, `pending`, `active`, `declined`,
 * `expired`) and `decline_reason`, so the selector shows an auction already asked for as pending
 * (issue 20). Source: spec/shopping.md §7 `GET /api/live-auctions-session`.
 */
export async function listRegistrableAuctions(db: Kysely<Database>, userId: number) {
  const [rows, states] = await Promise.all([listOpenLiveAuctionTypes(db), listRegistrationStates(db, userId)]);
  const byType = new Map(states.map((s) => [s.auction_type_id, s]));
  return rows.map((r) => ({
    ...r,
    date_from: iso(r.date_from),
    date_to: iso(r.date_to),
    registration_status: (byType.get(r.id)?.status ?? 'none') as RegistrationStatus,
    decline_reason: byType.get(r.id)?.decline_reason ?? null,
  }));
}

/**
 * Whether the user may bid in an auction type's live sale: `{subscribed, pending,
 * registration_status, decline_reason, auction_type: {id, name}, message}`. `subscribed` holds
 * an active registration; `pending` one awaiting an operator; `registration_status` and
 * `decline_reason` (additive, issue 20) tell a pending, declined or expired registration apart
 * from none. `message` stays the spec's not-subscribed text whenever not subscribed.
 * @throws AppError 404 'Auction not found' for an unknown auction type.
 * Source: spec/shopping.md §3 "Subscription check result", §7 `GET /session/check-subscription/{auctionTypeId}`, §8.
 */
export async function checkSubscription(db: Kysely<Database>, userId: number, auctionTypeId: number): Promise<SubscriptionCheckAnswer> {
  const type = await findAuctionType(db, auctionTypeId);
  if (!type) throw AppError.notFound('Auction not found');
  const [state] = await listRegistrationStates(db, userId, auctionTypeId);
  const status: RegistrationStatus = state?.status ?? 'none';
  const subscribed = status === 'active';
  return {
    subscribed,
    pending: status === 'pending',
    registration_status: status,
    decline_reason: status === 'declined' ? (state?.decline_reason ?? null) : null,
    auction_type: { id: type.id, name: type.name },
    message: subscribed ? `You are subscribed to "${type.name}".` : MESSAGES.notSubscribed(type.name),
  };
}

/**
 * Registrations for operators (up to 200), newest first, optionally of one status; times ISO 8601.
 * Source: spec/shopping.md §4 "Bid registration" (operators verify deposits).
 */
export async function listSubscriptions(db: Kysely<Database>, status?: SubscriptionStatus): Promise<SubscriptionView[]> {
  const rows = await listSubscriptionRows(db, status);
  return rows.map((r) => ({
    id: r.id,
    reference_number: r.reference_number,
    status: r.status,
    decline_reason: r.decline_reason,
    created_at: r.created_at.toISOString(),
    reviewed_at: iso(r.reviewed_at),
    user: { id: r.user_id, name: r.user_name, email: r.user_email, phone: r.user_phone },
    auction_type: { id: r.type_id, name: r.type_name, date_from: iso(r.type_from), date_to: iso(r.type_to) },
  }));
}
