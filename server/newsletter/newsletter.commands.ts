import type { Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome } from '../events/domain-events.js';
import { insertNewsletterSubscription, lockNewsletterSubscription, reactivateNewsletterSubscription } from './newsletter.repository.js';

/**
 * Command: signs an email up for the newsletter, for a guest or a signed-in user (whose id is
 * stored with a new address). Signing up again with the same email (any case) re-activates an
 * unsubscribed address and is otherwise a no-op. Event `newsletter.subscribed` about the
 * subscription row (`rejoined` true when an unsubscribed address came back); no event when the
 * address was already subscribed.
 * @returns `{created}`: whether the address was new.
 * Source: spec/shopping.md §2 "Footer variants" (newsletter form), §5 "Newsletter".
 */
export async function subscribeToNewsletter(
  trx: Transaction<Database>,
  actor: Actor,
  input: { email: string; source: string | null },
): Promise<CommandOutcome<{ created: boolean }>> {
  const userId = actor.type === 'user' || actor.type === 'operator' ? actor.id : null;
  const subscribed = (id: number, rejoined: boolean) =>
    domainEvent('newsletter.subscribed', { type: 'newsletter', id }, { email: input.email, user_id: userId, source: input.source, rejoined });
  const existing = await lockNewsletterSubscription(trx, input.email);
  if (existing) {
    if (existing.unsubscribed_at === null) return { result: { created: false }, events: [] };
    await reactivateNewsletterSubscription(trx, existing.id);
    return { result: { created: false }, events: [subscribed(existing.id, true)] };
  }
  const id = await insertNewsletterSubscription(trx, { email: input.email, userId, source: input.source });
  return { result: { created: id !== undefined }, events: id === undefined ? [] : [subscribed(id, false)] };
}
