import { sql, type Generated, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Table of migration 2026_11_21_0300_newsletter. */
export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  source: string | null;
  created_at: Generated<Date>;
  unsubscribed_at: Date | null;
}

/** Newsletter rows are not in the shared `Database` type: the handle with this table added. */
const withNewsletter = (db: Kysely<Database>) => db.withTables<{ newsletter_subscriptions: NewsletterSubscriptionsTable }>();

/**
 * The subscription of an email (any case), with its row locked (`FOR UPDATE`) until the
 * transaction ends; undefined when the email never subscribed.
 */
export async function lockNewsletterSubscription(trx: Kysely<Database>, email: string): Promise<{ id: number; unsubscribed_at: Date | null } | undefined> {
  return withNewsletter(trx)
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'unsubscribed_at'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
}

/** Re-activates the subscription `id` (clears `unsubscribed_at`). */
export async function reactivateNewsletterSubscription(db: Kysely<Database>, id: number): Promise<void> {
  await withNewsletter(db).updateTable('newsletter_subscriptions').set({ unsubscribed_at: null }).where('id', '=', id).execute();
}

/**
 * Stores a new subscription. @returns its id, or undefined when the email (any case) got
 * subscribed meanwhile (the unique index on `lower(email)`; nothing is stored then).
 */
export async function insertNewsletterSubscription(
  db: Kysely<Database>,
  input: { email: string; userId: number | null; source: string | null },
): Promise<number | undefined> {
  const inserted = await withNewsletter(db)
    .insertInto('newsletter_subscriptions')
    .values({ email: input.email, user_id: input.userId, source: input.source, unsubscribed_at: null })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** One subscribed address as the operators' export lists it. */
export interface NewsletterSubscriberRow {
  email: string;
  /** The account's name when a signed-in user subscribed (null for a guest's sign-up). */
  name: string | null;
  /** Where the sign-up form was (the page's path), null when unknown. */
  source: string | null;
  subscribed_at: Date;
}

/**
 * Every address still subscribed (not unsubscribed), oldest sign-up first, with the name of the
 * account that signed it up. Source: issue 13 "Settlement and results" (subscribers as CSV).
 */
export async function listNewsletterSubscribers(db: Kysely<Database>): Promise<NewsletterSubscriberRow[]> {
  return withNewsletter(db)
    .selectFrom('newsletter_subscriptions as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.email', 'u.name', 'n.source', 'n.created_at as subscribed_at'])
    .where('n.unsubscribed_at', 'is', null)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
}
