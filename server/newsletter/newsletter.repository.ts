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

/**
 * Records a newsletter sign-up; signing up again with the same email (any case) is a no-op
 * that re-activates an unsubscribed address. Resolves whether it was new.
 */
export async function subscribeToNewsletter(
  db: Kysely<Database>,
  input: { email: string; userId: number | null; source: string | null },
): Promise<{ created: boolean }> {
  const ndb = db.withTables<{ newsletter_subscriptions: NewsletterSubscriptionsTable }>();
  const existing = await ndb
    .selectFrom('newsletter_subscriptions')
    .select(['id'])
    .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    await ndb.updateTable('newsletter_subscriptions').set({ unsubscribed_at: null }).where('id', '=', existing.id).execute();
    return { created: false };
  }
  const inserted = await ndb
    .insertInto('newsletter_subscriptions')
    .values({ email: input.email, user_id: input.userId, source: input.source, unsubscribed_at: null })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return { created: inserted !== undefined };
}
