import { sql, type Kysely } from 'kysely';
import { LIVE_AUCTION_MESSAGES as M } from '../../shared/messages/live-auctions.js';
import type { SubscriptionUpdatedEvent, SubscriptionView } from '../../shared/schemas/subscription.schema.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Live auction types a bidder can register for: active, of type live, not yet ended.
 * Source: spec/shopping.md §7 `GET /api/live-auctions-session`.
 */
export async function listRegistrableAuctions(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('auction_types')
    .select(['id', 'name', 'type', 'description', 'date_from', 'date_to'])
    .where('type', '=', 'live')
    .where('active', '=', true)
    .where((eb) => eb.or([eb('date_to', 'is', null), eb('date_to', '>', sql<Date>`now()`)]))
    .orderBy(sql`date_from ASC NULLS LAST`)
    .execute();
  return rows.map((r) => ({ ...r, date_from: iso(r.date_from), date_to: iso(r.date_to) }));
}

/**
 * Records a pending registration for a live auction from a bank deposit reference.
 * Rules: the auction type exists and is live; a reference is used once (case-insensitive);
 * one pending or active registration per user and auction type. The unique indexes decide
 * races. Source: spec/shopping.md §4 "Bid registration", issue 7.
 * @throws AppError 422 with `errors.reference_number` or `errors.auction_type_id`.
 */
export async function registerForAuction(
  db: Kysely<Database>,
  input: { userId: number; auctionTypeId: number; referenceNumber: string },
): Promise<{ id: number; status: 'pending' }> {
  const type = await db.selectFrom('auction_types').select(['id', 'type', 'active']).where('id', '=', input.auctionTypeId).executeTakeFirst();
  if (!type || type.type !== 'live' || !type.active) throw AppError.validation({ auction_type_id: [M.notALiveAuction] });
  const reference = input.referenceNumber.trim().toUpperCase();
  try {
    const row = await db
      .insertInto('auction_subscriptions')
      .values({ user_id: input.userId, auction_type_id: input.auctionTypeId, reference_number: reference, status: 'pending', decline_reason: null, reviewed_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, status: 'pending' };
  } catch (err) {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (e.code === '23505') {
      const onReference = (e.constraint ?? e.message ?? '').includes('reference');
      throw onReference
        ? AppError.validation({ reference_number: [M.referenceUsed] })
        : AppError.validation({ auction_type_id: [M.alreadyRegistered] });
    }
    throw err;
  }
}

/** Registrations for operators, newest first, optionally of one status. */
export async function listSubscriptions(db: Kysely<Database>, status?: string): Promise<SubscriptionView[]> {
  let q = db
    .selectFrom('auction_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('auction_types as t', 't.id', 's.auction_type_id')
    .select([
      's.id',
      's.reference_number',
      's.status',
      's.decline_reason',
      's.created_at',
      's.reviewed_at',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
      'u.phone as user_phone',
      't.id as type_id',
      't.name as type_name',
      't.date_from as type_from',
      't.date_to as type_to',
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(200);
  if (status) q = q.where('s.status', '=', status as SubscriptionView['status']);
  const rows = await q.execute();
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

/**
 * An operator approves (→ active) or declines (→ declined, with a reason) a pending
 * registration. Only pending registrations change (a conditional update: two operators
 * deciding at once can't both win).
 * @returns the user to notify and the event for their room.
 * @throws AppError 404 when unknown, 409 when no longer pending.
 */
export async function reviewSubscription(
  db: Kysely<Database>,
  input: { id: number; reviewerId: number; decision: 'approve' | 'decline'; reason?: string },
): Promise<{ userId: number; event: SubscriptionUpdatedEvent }> {
  const status = input.decision === 'approve' ? 'active' : 'declined';
  const updated = await db
    .updateTable('auction_subscriptions')
    .set({ status, decline_reason: input.reason ?? null, reviewed_by: input.reviewerId, reviewed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .returning(['user_id', 'auction_type_id'])
    .executeTakeFirst();
  if (!updated) {
    const exists = await db.selectFrom('auction_subscriptions').select('status').where('id', '=', input.id).executeTakeFirst();
    if (!exists) throw AppError.notFound('Registration not found');
    throw new AppError(409, 'conflict', `This registration is already ${exists.status}.`);
  }
  const type = await db.selectFrom('auction_types').select('name').where('id', '=', updated.auction_type_id).executeTakeFirstOrThrow();
  return {
    userId: updated.user_id,
    event: {
      auction_type_id: updated.auction_type_id,
      status,
      subscribed: status === 'active',
      message: status === 'active' ? M.approved(type.name) : M.declined(type.name, input.reason ?? null),
    },
  };
}
