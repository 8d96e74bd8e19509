import type { Transaction } from 'kysely';
import type { AdvertInput, AdvertView } from '@shared/schemas/advert.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { insertAdvert, lockAdvert, markAdvertEnded, updateAdvertRow } from './adverts.repository.js';
import { advertRowToView } from './adverts.service.js';

/** Where an advert links when the operator gives no link: the live-auction registration form. */
const DEFAULT_ADVERT_LINK = '/register-bid';

/** Adverts are managed by operators only. @throws AppError 403 for any other actor. */
function requireOperator(actor: Actor): void {
  if (actor.type !== 'operator') throw AppError.forbidden();
}

/** `advert.changed` with the advert's stored fields before (null when created) and after. */
function advertChanged(action: 'created' | 'updated' | 'ended', before: AdvertView | null, after: AdvertView): DomainEvent {
  return domainEvent(
    'advert.changed',
    { type: 'advert', id: after.id },
    { advert_id: after.id, action, before: before ? { ...before } : null, after: { ...after } },
  );
}

/**
 * Command: an operator creates an advert (banner) from the parsed form; `image` is the URL of a
 * picture already stored (storeAdvertImage, outside the transaction) or null. `active` sets
 * `status_id` 1/0; the link defaults to `/register-bid`. Event `advert.changed` (`created`,
 * before null): open pages get the shown adverts again, the audit trail records the operator.
 * @returns the advert as the API shows it.
 * @throws AppError 403 for an actor who is not an operator.
 * Source: spec/shopping.md §3 "Advert", §9 "Advert shown" (the operators' screen is ours: the spec does not show it).
 */
export async function createAdvert(
  trx: Transaction<Database>,
  actor: Actor,
  input: { advert: AdvertInput; image: string | null },
): Promise<CommandOutcome<AdvertView>> {
  requireOperator(actor);
  const { advert } = input;
  const row = await insertAdvert(trx, {
    image: input.image,
    description: advert.description,
    link_url: advert.link_url ?? DEFAULT_ADVERT_LINK,
    date_from: advert.date_from,
    date_to: advert.date_to,
    active: advert.active,
    status_id: advert.active ? 1 : 0,
  });
  const after = advertRowToView(row);
  return { result: after, events: [advertChanged('created', null, after)] };
}

/**
 * Command: an operator edits an advert; only the fields given change (`image`: a stored
 * picture's URL). `active` keeps `status_id` in step (1/0). Event `advert.changed` (`updated`,
 * with the stored fields before and after).
 * @returns the advert after the edit.
 * @throws AppError 403 for an actor who is not an operator; 404 'Advert not found'; 422
 *   `errors.date_to` 'The end date must be after the start date.' when the dates would not be in order.
 * Source: spec/shopping.md §3 "Advert", §9 "Advert shown".
 */
export async function updateAdvert(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; patch: Partial<AdvertInput> & { image?: string | null } },
): Promise<CommandOutcome<AdvertView>> {
  requireOperator(actor);
  const current = await lockAdvert(trx, input.id);
  if (!current) throw AppError.notFound('Advert not found');
  const { patch } = input;
  const from = patch.date_from ?? current.date_from;
  const to = patch.date_to ?? current.date_to;
  if (to.getTime() <= from.getTime()) throw AppError.validation({ date_to: ['The end date must be after the start date.'] });
  const row = await updateAdvertRow(trx, input.id, {
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.link_url !== undefined ? { link_url: patch.link_url } : {}),
    ...(patch.image !== undefined ? { image: patch.image } : {}),
    ...(patch.active !== undefined ? { active: patch.active, status_id: patch.active ? 1 : 0 } : {}),
    date_from: from,
    date_to: to,
  });
  if (!row) throw AppError.notFound('Advert not found');
  const before = advertRowToView(current);
  const after = advertRowToView(row);
  return { result: after, events: [advertChanged('updated', before, after)] };
}

/**
 * Command: an operator ends an advert now: inactive (`status_id` 2) and its end brought forward
 * to now when later, so visitors stop seeing it at once. Event `advert.changed` (`ended`, before
 * and after).
 * @returns the advert after ending.
 * @throws AppError 403 for an actor who is not an operator; 404 'Advert not found'.
 * Source: spec/shopping.md §9 "Advert shown".
 */
export async function endAdvert(trx: Transaction<Database>, actor: Actor, input: { id: number }): Promise<CommandOutcome<AdvertView>> {
  requireOperator(actor);
  const current = await lockAdvert(trx, input.id);
  if (!current) throw AppError.notFound('Advert not found');
  const row = await markAdvertEnded(trx, input.id);
  if (!row) throw AppError.notFound('Advert not found');
  const after = advertRowToView(row);
  return { result: after, events: [advertChanged('ended', advertRowToView(current), after)] };
}
