import type { Transaction } from 'kysely';
import type { AdvertInput, AdvertView } from '@shared/schemas/advert.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { findAdvertRow, insertAdvert, lockAdvert, markAdvertEnded, saleExists, updateAdvertRow } from './adverts.repository.js';
import { advertRowToView, type StoredBanner } from './adverts.service.js';

/** Where an advert links when the operator gives no link: the live-auction registration form. */
const DEFAULT_ADVERT_LINK = '/register-bid';

/** Adverts are managed by operators only. @throws AppError 403 for any other actor. */
function requireOperator(actor: Actor): void {
  if (actor.type !== 'operator') throw AppError.forbidden();
}

/** @throws AppError 422 `errors.auction_type_id` when the advert would link to a sale that does not exist. */
async function requireSale(trx: Transaction<Database>, saleId: number | null | undefined): Promise<void> {
  if (saleId != null && !(await saleExists(trx, saleId))) throw AppError.validation({ auction_type_id: ['Choose a sale from the list.'] });
}

/** The advert as the API shows it, read back after a change. @throws AppError 404 when gone. */
async function readAdvert(trx: Transaction<Database>, id: number): Promise<AdvertView> {
  const row = await findAdvertRow(trx, id);
  if (!row) throw AppError.notFound('Advert not found');
  return advertRowToView(row);
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
 * Command: an operator creates an advert (banner) from the parsed form; `image` is a picture
 * already stored (storeAdvertImage, outside the transaction: its URL and sizes) or null. `active` sets
 * `status_id` 1/0; the link defaults to `/register-bid`; `auction_type_id` links the advert to the
 * sale it announces (its countdown and registration follow that sale). Event `advert.changed`
 * (`created`, before null): open pages get the shown adverts again, the audit trail records the operator.
 * @returns the advert as the API shows it.
 * @throws AppError 403 for an actor who is not an operator; 422 `errors.auction_type_id` for an unknown sale.
 * Source: spec/shopping.md §3 "Advert", §9 "Advert shown" (the operators' screen is ours: the spec does not show it).
 */
export async function createAdvert(
  trx: Transaction<Database>,
  actor: Actor,
  input: { advert: AdvertInput; image: StoredBanner | null },
): Promise<CommandOutcome<AdvertView>> {
  requireOperator(actor);
  const { advert } = input;
  await requireSale(trx, advert.auction_type_id);
  const id = await insertAdvert(trx, {
    image: input.image?.image ?? null,
    image_variants: input.image?.variants ?? null,
    description: advert.description,
    link_url: advert.link_url ?? DEFAULT_ADVERT_LINK,
    date_from: advert.date_from,
    date_to: advert.date_to,
    active: advert.active,
    status_id: advert.active ? 1 : 0,
    auction_type_id: advert.auction_type_id ?? null,
  });
  const after = await readAdvert(trx, id);
  return { result: after, events: [advertChanged('created', null, after)] };
}

/**
 * Command: an operator edits an advert; only the fields given change (`image`: a stored
 * picture, its URL and sizes; `auction_type_id`: the linked sale, null to unlink). `active` keeps `status_id`
 * in step (1/0). Event `advert.changed` (`updated`, with the stored fields before and after).
 * @returns the advert after the edit, and the picture it had when a new one replaced it (its
 *   files are deleted once the change is committed), else null.
 * @throws AppError 403 for an actor who is not an operator; 404 'Advert not found'; 422
 *   `errors.date_to` 'The end date must be after the start date.' when the dates would not be in
 *   order, `errors.auction_type_id` 'Choose a sale from the list.' for an unknown sale.
 * Source: spec/shopping.md §3 "Advert", §9 "Advert shown"; issue 20 item 4 (the sale link).
 */
export async function updateAdvert(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; patch: Partial<AdvertInput> & { image?: StoredBanner } },
): Promise<CommandOutcome<{ advert: AdvertView; replaced: Pick<AdvertView, 'image' | 'image_variants'> | null }>> {
  requireOperator(actor);
  const current = await lockAdvert(trx, input.id);
  if (!current) throw AppError.notFound('Advert not found');
  const { patch } = input;
  const from = patch.date_from ?? current.date_from;
  const to = patch.date_to ?? current.date_to;
  if (to.getTime() <= from.getTime()) throw AppError.validation({ date_to: ['The end date must be after the start date.'] });
  await requireSale(trx, patch.auction_type_id);
  const found = await updateAdvertRow(trx, input.id, {
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.link_url !== undefined ? { link_url: patch.link_url } : {}),
    ...(patch.image !== undefined ? { image: patch.image.image, image_variants: patch.image.variants } : {}),
    ...(patch.active !== undefined ? { active: patch.active, status_id: patch.active ? 1 : 0 } : {}),
    ...(patch.auction_type_id !== undefined ? { auction_type_id: patch.auction_type_id } : {}),
    date_from: from,
    date_to: to,
  });
  if (!found) throw AppError.notFound('Advert not found');
  const before = advertRowToView(current);
  const after = await readAdvert(trx, input.id);
  const replaced = patch.image !== undefined && before.image !== after.image ? { image: before.image, image_variants: before.image_variants } : null;
  return { result: { advert: after, replaced }, events: [advertChanged('updated', before, after)] };
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
  if (!(await markAdvertEnded(trx, input.id))) throw AppError.notFound('Advert not found');
  const after = await readAdvert(trx, input.id);
  return { result: after, events: [advertChanged('ended', advertRowToView(current), after)] };
}
