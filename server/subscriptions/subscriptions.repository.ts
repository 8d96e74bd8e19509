import { sql, type Kysely } from 'kysely';
import type { SubscriptionView } from '@shared/schemas/subscription.schema.js';
import type { Database } from '../db/types.js';

/** A registration's status (`auction_subscriptions.status`). */
export type SubscriptionStatus = SubscriptionView['status'];

/** A user's registration state for one auction type: its status and the operator's decline reason. */
export interface RegistrationState {
  auction_type_id: number;
  status: SubscriptionStatus;
  decline_reason: string | null;
}

/**
 * The user's registration that speaks for each auction type (all types, or only `auctionTypeId`):
 * an active one first, else a pending one, else the latest decided (declined or expired).
 * @returns one state per auction type the user ever registered for.
 */
export function listRegistrationStates(db: Kysely<Database>, userId: number, auctionTypeId?: number): Promise<RegistrationState[]> {
  let q = db
    .selectFrom('auction_subscriptions')
    .distinctOn('auction_type_id')
    .select(['auction_type_id', 'status', 'decline_reason'])
    .where('user_id', '=', userId)
    .orderBy('auction_type_id')
    .orderBy(sql`CASE status WHEN 'active' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END`)
    .orderBy(sql`coalesce(reviewed_at, created_at) DESC`)
    .orderBy('id', 'desc');
  if (auctionTypeId !== undefined) q = q.where('auction_type_id', '=', auctionTypeId);
  return q.execute();
}

/**
 * An auction type's id, name, kind (`cash`/`online`/`live`), active flag, whether bidders
 * register with a deposit (always for live sales) and whether it is published, or undefined.
 */
export function findAuctionType(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('auction_types')
    .select([
      'id',
      'name',
      'type',
      'active',
      sql<boolean>`(type = 'live' OR deposit_required)`.as('registration_required'),
      sql<boolean>`published_at IS NOT NULL`.as('published'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Sales a bidder registers for, not yet ended (database clock), those starting first first,
 * undated last: active and published live auctions, and online sales that ask a deposit (issue
 * 13 "Sales"), each with its deposit amount (MWK, null when not said).
 */
export function listOpenLiveAuctionTypes(db: Kysely<Database>) {
  return db
    .selectFrom('auction_types')
    .select(['id', 'name', 'type', 'description', 'date_from', 'date_to', 'deposit_amount'])
    .where((eb) => eb.or([eb('type', '=', 'live'), eb('deposit_required', '=', true)]))
    .where('active', '=', true)
    .where('published_at', 'is not', null)
    .where((eb) => eb.or([eb('date_to', 'is', null), eb('date_to', '>', sql<Date>`now()`)]))
    .orderBy(sql`date_from ASC NULLS LAST`)
    .execute();
}

/**
 * Inserts a pending registration. The unique indexes refuse a reference used before and a second
 * open (pending or active) registration of the user for the auction type.
 * @returns the new id, or which unique rule refused it (`reference` or `registration`). Inside a
 *   transaction a refusal leaves the transaction aborted: the caller must end it (throw).
 */
export async function insertPendingSubscription(
  db: Kysely<Database>,
  values: { userId: number; auctionTypeId: number; referenceNumber: string },
): Promise<{ id: number } | { duplicate: 'reference' | 'registration' }> {
  try {
    const row = await db
      .insertInto('auction_subscriptions')
      .values({
        user_id: values.userId,
        auction_type_id: values.auctionTypeId,
        reference_number: values.referenceNumber,
        status: 'pending',
        decline_reason: null,
        reviewed_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  } catch (err) {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (e.code !== '23505') throw err;
    return { duplicate: (e.constraint ?? e.message ?? '').includes('reference') ? 'reference' : 'registration' };
  }
}

/** The name of the user a registration belongs to (what operators read), or undefined. */
export async function findRegistrantName(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name;
}

/** Locks a registration row (id, user, auction type, status) for a decision, or undefined. Call in a transaction. */
export function lockSubscription(trx: Kysely<Database>, id: number) {
  return trx.selectFrom('auction_subscriptions').select(['id', 'user_id', 'auction_type_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Records an operator's decision on a pending registration: its new status, the decline reason
 * (or null), the reviewer and the time. Only a pending row changes.
 * @returns false when the registration is no longer pending.
 */
export async function markSubscriptionDecided(
  db: Kysely<Database>,
  id: number,
  decision: { status: 'active' | 'declined'; reason: string | null; reviewerId: number },
): Promise<boolean> {
  const r = await db
    .updateTable('auction_subscriptions')
    .set({ status: decision.status, decline_reason: decision.reason, reviewed_by: decision.reviewerId, reviewed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Up to 200 registrations with their user and auction type, newest first, optionally of one status. */
export function listSubscriptionRows(db: Kysely<Database>, status?: SubscriptionStatus) {
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
  if (status) q = q.where('s.status', '=', status);
  return q.execute();
}
