import type { Kysely } from 'kysely';
import { MESSAGES } from '@shared/messages.js';
import type { SubscriptionView } from '@shared/schemas/subscription.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import {
  findAuctionType,
  findSubscriptionId,
  hasActiveSubscription,
  listOpenLiveAuctionTypes,
  listSubscriptionRows,
  type SubscriptionStatus,
} from './subscriptions.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Live auction types a bidder can register for: active, of type live, not yet ended; dates ISO
 * 8601 UTC. Source: spec/shopping.md §7 `GET /api/live-auctions-session`.
 */
export async function listRegistrableAuctions(db: Kysely<Database>) {
  const rows = await listOpenLiveAuctionTypes(db);
  return rows.map((r) => ({ ...r, date_from: iso(r.date_from), date_to: iso(r.date_to) }));
}

/**
 * Whether the user may bid in an auction type's live sale: `{subscribed, pending, auction_type:
 * {id, name}, message}` (`pending` when a registration awaits an operator).
 * @throws AppError 404 'Auction not found' for an unknown auction type.
 * Source: spec/shopping.md §7 `GET /session/check-subscription/{auctionTypeId}`, §8.
 */
export async function checkSubscription(db: Kysely<Database>, userId: number, auctionTypeId: number) {
  const type = await findAuctionType(db, auctionTypeId);
  if (!type) throw AppError.notFound('Auction not found');
  const subscribed = await hasActiveSubscription(db, userId, auctionTypeId);
  const pending = subscribed ? false : (await findSubscriptionId(db, userId, auctionTypeId, 'pending')) !== undefined;
  return {
    subscribed,
    pending,
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
