import { sql, type Kysely } from 'kysely';
import type { SubscriptionView } from '@shared/schemas/subscription.schema.js';
import type { Database } from '../db/types.js';

/** A registration's status (`auction_subscriptions.status`). */
export type SubscriptionStatus = SubscriptionView['status'];

/**
 * True when the user holds an active subscription to the auction type (the right to bid on
 * its live items). Source: spec/shopping.md §1 and §5 "Live items additionally need a subscription".
 */
export async function hasActiveSubscription(db: Kysely<Database>, userId: number, auctionTypeId: number): Promise<boolean> {
  return (await findSubscriptionId(db, userId, auctionTypeId, 'active')) !== undefined;
}

/** The id of the user's registration of `status` for the auction type, or undefined. */
export async function findSubscriptionId(db: Kysely<Database>, userId: number, auctionTypeId: number, status: SubscriptionStatus): Promise<number | undefined> {
  const row = await db
    .selectFrom('auction_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .where('auction_type_id', '=', auctionTypeId)
    .where('status', '=', status)
    .executeTakeFirst();
  return row?.id;
}

/** An auction type's id, name, kind (`cash`/`online`/`live`) and active flag, or undefined. */
export function findAuctionType(db: Kysely<Database>, id: number) {
  return db.selectFrom('auction_types').select(['id', 'name', 'type', 'active']).where('id', '=', id).executeTakeFirst();
}

/** Active live auction types not yet ended (database clock), those starting first first, undated last. */
export function listOpenLiveAuctionTypes(db: Kysely<Database>) {
  return db
    .selectFrom('auction_types')
    .select(['id', 'name', 'type', 'description', 'date_from', 'date_to'])
    .where('type', '=', 'live')
    .where('active', '=', true)
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
