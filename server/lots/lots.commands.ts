import type { Transaction, Updateable } from 'kysely';
import {
  lotRuleErrors,
  type BulkLotsInput,
  type LotImagesPatch,
  type LotInput,
  type LotPatch,
  type LotView,
  type RelistLotInput,
  type WithdrawLotInput,
} from '@shared/schemas/lot.schema.js';
import type { Database, ItemsTable } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { restaggerSale } from '../sales/sales.commands.js';
import { branchExists } from '../sales/sales.repository.js';
import {
  copyLotImages,
  deleteLotImage,
  findLotByCode,
  findSaleForLot,
  imageUrlInUse,
  insertLot,
  insertLotImages,
  listLotImages,
  lockLot,
  lockLots,
  setImagePositions,
  updateLotRow,
  type LotImageRow,
  type LotImageValues,
  type LotRow,
  type LotValues,
} from './lots.repository.js';
import { getLotView, LOT_NOT_FOUND } from './lots.service.js';

/** Lots are managed by operators only. @throws AppError 403 for any other actor. */
function requireOperator(actor: Actor): void {
  if (actor.type !== 'operator') throw AppError.forbidden();
}

/** Locks the lot. @throws AppError 404 'Lot not found'. */
async function lockedLot(trx: Transaction<Database>, id: number): Promise<LotRow> {
  const lot = await lockLot(trx, id);
  if (!lot) throw AppError.notFound(LOT_NOT_FOUND);
  return lot;
}

/** The sale a lot goes into. @throws AppError 422 `errors.auction_type_id` when it does not exist. */
async function requireSale(trx: Transaction<Database>, id: number) {
  const sale = await findSaleForLot(trx, id);
  if (!sale) throw AppError.validation({ auction_type_id: ['Choose a sale from the list: this one does not exist.'] });
  return sale;
}

/** @throws AppError 422 `errors.branch_id` when the branch does not exist. */
async function requireBranch(trx: Transaction<Database>, branchId: number | null | undefined): Promise<void> {
  if (branchId != null && !(await branchExists(trx, branchId))) throw AppError.validation({ branch_id: ['Choose a branch from the list.'] });
}

/** A lot's code names one lot (the catalogue import keys its rows by it). @throws AppError 422 `errors.code`. */
async function requireFreeCode(trx: Transaction<Database>, code: string | null | undefined, exceptId: number | null): Promise<void> {
  if (!code) return;
  const other = await findLotByCode(trx, code, exceptId);
  if (other) throw AppError.validation({ code: [`Lot #${other.id} (${other.name}) already has the code ${code}.`] });
}

/** Only a daily-sale lot holds more than one piece. @throws AppError 422 `errors.quantity`. */
function requireQuantityFits(kind: string, quantity: number): void {
  if (quantity > 1 && kind !== 'cash') throw AppError.validation({ quantity: ['Only a daily-sale lot has a quantity above 1.'] });
}

/** Whether the lot is open: available and not closed (its sale, price and dates may still change). */
const isOpen = (lot: Pick<LotRow, 'status' | 'closed_by'>) => lot.status === 'available' && lot.closed_by == null;

/** A value as compared and recorded: Dates as ISO text, money as numbers. */
const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : (v ?? null));

/** Fields of a lot an edit compares and records, in the order the form shows them. */
const LOT_FIELDS = [
  'name',
  'title',
  'description',
  'auction_type_id',
  'branch_id',
  'code',
  'reference_number',
  'target_amount',
  'reserve_price',
  'quantity',
  'condition',
  'featured',
  'date_from',
  'date_to',
] as const;
type LotField = (typeof LOT_FIELDS)[number];

/** The stored value of each editable field. */
function storedFields(lot: LotRow): Record<LotField, unknown> {
  return Object.fromEntries(LOT_FIELDS.map((f) => [f, lot[f]])) as Record<LotField, unknown>;
}

/** `lot.updated` and `item.updated` with the same changes (the audit trail and open pages). */
function updatedEvents(itemId: number, changes: Record<string, { before: unknown; after: unknown }>): DomainEvent[] {
  return [
    domainEvent('lot.updated', { type: 'item', id: itemId }, { item_id: itemId, changes }),
    domainEvent('item.updated', { type: 'item', id: itemId }, { item_id: itemId, changes }),
  ];
}

/** Restaggers each sale named (once), collecting their `sale.closes_rescheduled` events. */
async function restagger(trx: Transaction<Database>, saleIds: Iterable<number>): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  for (const id of new Set(saleIds)) {
    const event = await restaggerSale(trx, id);
    if (event) events.push(event);
  }
  return events;
}

/** The values of a new lot copied from `from` into a sale (no bids, no code: a code names one lot). */
function copiedValues(from: LotRow, over: Partial<LotValues>): LotValues {
  return {
    name: from.name,
    title: from.title,
    description: from.description,
    auction_type_id: from.auction_type_id,
    branch_id: from.branch_id,
    code: null,
    reference_number: from.reference_number,
    target_amount: from.target_amount,
    reserve_price: from.reserve_price,
    quantity: from.quantity,
    condition: from.condition,
    featured: from.featured,
    date_from: from.date_from,
    date_to: from.date_to,
    leader_id: null,
    bid_amount: null,
    closed_by: null,
    ...over,
  };
}

/**
 * Command: an operator creates a lot in a sale. Without its own dates the lot takes its sale's
 * (an online lot then closes at the sale's end; a staggered sale sets each lot's end by its
 * number). The lot is numbered after the sale's last. Events `lot.created` (subject the lot) and,
 * in a staggered sale, `sale.closes_rescheduled`. Bidders see it in `/ajax-items` at once when
 * its sale is published.
 * @returns the lot as operators read it.
 * @throws AppError 403 for an actor who is not an operator; 422 `errors.auction_type_id` (unknown
 *   sale), `errors.branch_id`, `errors.code` (taken), `errors.quantity`, `errors.date_to`.
 * Source: issue 13 "Lots (items)".
 */
export async function createLot(trx: Transaction<Database>, actor: Actor, input: LotInput): Promise<CommandOutcome<LotView>> {
  requireOperator(actor);
  const sale = await requireSale(trx, input.auction_type_id);
  await requireBranch(trx, input.branch_id);
  await requireFreeCode(trx, input.code, null);
  requireQuantityFits(sale.type, input.quantity);
  const dateFrom = input.date_from ?? sale.date_from;
  const dateTo = input.date_to ?? sale.date_to;
  const broken = lotRuleErrors({ date_from: dateFrom, date_to: dateTo, target_amount: input.target_amount });
  if (Object.keys(broken).length) throw AppError.validation(broken);
  const id = await insertLot(trx, {
    name: input.name,
    title: input.title,
    description: input.description,
    auction_type_id: sale.id,
    branch_id: input.branch_id,
    code: input.code,
    reference_number: input.reference_number,
    target_amount: input.target_amount!,
    reserve_price: input.reserve_price,
    quantity: input.quantity,
    condition: input.condition,
    featured: input.featured,
    date_from: dateFrom,
    date_to: dateTo,
  });
  const events: DomainEvent[] = [];
  const staggered = await restagger(trx, [sale.id]);
  const lot = await getLotView(trx, id);
  events.push(domainEvent('lot.created', { type: 'item', id }, { item_id: id, name: lot.name, auction_type_id: sale.id, date_to: lot.date_to }), ...staggered);
  return { result: lot, events };
}

/**
 * Command: an operator edits a lot; only the fields given change. Moving it to another sale
 * (`auction_type_id`) numbers it after that sale's last lot and restaggers both sales. A lot with
 * bids keeps its sale and starting amount; a closed, sold or withdrawn lot keeps its sale and
 * dates (relist it instead). Events `lot.updated` and `item.updated` with each changed field
 * before and after (open pages read the lot again); an edit that changes nothing records nothing.
 * @returns the lot after the edit.
 * @throws AppError 403; 404 'Lot not found'; 422 naming the field.
 * Source: issue 13 "Lots (items)".
 */
export async function updateLot(trx: Transaction<Database>, actor: Actor, input: { id: number; patch: LotPatch }): Promise<CommandOutcome<LotView>> {
  requireOperator(actor);
  const current = await lockedLot(trx, input.id);
  const { patch } = input;
  const stored = storedFields(current);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of LOT_FIELDS) {
    if (patch[field] === undefined) continue;
    const before = comparable(stored[field]);
    const after = comparable(patch[field]);
    if (before !== after) changes[field] = { before, after };
  }
  if (Object.keys(changes).length === 0) return { result: await getLotView(trx, input.id), events: [] };

  const errors: Record<string, string[]> = {};
  if (current.bid_count > 0) {
    if (changes.auction_type_id) errors.auction_type_id = ['This lot has bids: it stays in its sale.'];
    if (changes.target_amount) errors.target_amount = ['This lot has bids: its starting amount stays.'];
  }
  if (!isOpen(current)) {
    const why = 'This lot is closed or withdrawn: relist it to sell it again.';
    for (const f of ['auction_type_id', 'date_from', 'date_to'] as const) if (changes[f]) errors[f] = [why];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const saleId = patch.auction_type_id ?? current.auction_type_id;
  const sale = changes.auction_type_id ? await requireSale(trx, saleId) : { type: current.sale_kind };
  if (changes.branch_id) await requireBranch(trx, patch.branch_id);
  if (changes.code) await requireFreeCode(trx, patch.code, current.id);
  requireQuantityFits(sale.type, patch.quantity ?? current.quantity);
  const broken = lotRuleErrors({
    date_from: patch.date_from !== undefined ? patch.date_from : current.date_from,
    date_to: patch.date_to !== undefined ? patch.date_to : current.date_to,
    target_amount: patch.target_amount !== undefined ? patch.target_amount : Number(current.target_amount),
  });
  const touched = new Set(Object.keys(changes));
  const relevant = Object.fromEntries(
    Object.entries(broken).filter(([f]) => (f === 'date_to' ? touched.has('date_from') || touched.has('date_to') : touched.has(f))),
  );
  if (Object.keys(relevant).length) throw AppError.validation(relevant);

  const set: Updateable<ItemsTable> = {};
  for (const field of Object.keys(changes) as LotField[]) (set as Record<string, unknown>)[field] = patch[field];
  if (changes.auction_type_id) set.lot_number = null;
  await updateLotRow(trx, current.id, set);
  const events = updatedEvents(current.id, changes);
  if (changes.auction_type_id || changes.date_to)
    events.push(...(await restagger(trx, changes.auction_type_id ? [current.auction_type_id, saleId] : [saleId])));
  return { result: await getLotView(trx, current.id), events };
}

/** Why a lot cannot be withdrawn, or null when it can. */
function withdrawRefusal(lot: LotRow): string | null {
  if (lot.status === 'withdrawn') return `Lot #${lot.id} is already withdrawn.`;
  if (lot.status === 'sold' || lot.closed_by != null) return `Lot #${lot.id} is sold: it cannot be withdrawn.`;
  return null;
}

/** Withdraws a locked lot: status, reason, and its events. */
async function applyWithdraw(trx: Transaction<Database>, lot: LotRow, reason: string): Promise<DomainEvent[]> {
  await updateLotRow(trx, lot.id, { status: 'withdrawn', withdrawn_reason: reason });
  return [
    domainEvent('lot.withdrawn', { type: 'item', id: lot.id }, { item_id: lot.id, reason, leader_id: lot.leader_id }),
    domainEvent('item.updated', { type: 'item', id: lot.id }, { item_id: lot.id, changes: { status: { before: lot.status, after: 'withdrawn' } } }),
  ];
}

/**
 * Command: an operator withdraws a lot with a reason: it leaves the public listing and its
 * sale's catalogue, takes no more bids and does not close; its bids and the withdrawal stay in
 * the audit trail. Events `lot.withdrawn {item_id, reason, leader_id}` (the leading bidder is
 * told from it) and `item.updated` (open pages show it withdrawn).
 * @returns the lot, withdrawn.
 * @throws AppError 403; 404 'Lot not found'; 409 when it is already withdrawn or sold.
 * Source: issue 13 "Lots (items)" (withdraw: a reason is required; leading bidders are told).
 */
export async function withdrawLot(trx: Transaction<Database>, actor: Actor, input: { id: number } & WithdrawLotInput): Promise<CommandOutcome<LotView>> {
  requireOperator(actor);
  const lot = await lockedLot(trx, input.id);
  const refusal = withdrawRefusal(lot);
  if (refusal) throw new AppError(409, 'conflict', refusal);
  const events = await applyWithdraw(trx, lot, input.reason);
  return { result: await getLotView(trx, lot.id), events };
}

/**
 * Command: an operator duplicates a lot: a new open lot in the same sale with the same fields and
 * pictures (no bids, no code: a code names one lot), numbered after the sale's last. Events
 * `lot.created` (with `duplicated_from`) and, in a staggered sale, `sale.closes_rescheduled`.
 * @returns the new lot.
 * @throws AppError 403; 404 'Lot not found'.
 * Source: issue 13 "Lots (items)".
 */
export async function duplicateLot(trx: Transaction<Database>, actor: Actor, input: { id: number }): Promise<CommandOutcome<LotView>> {
  requireOperator(actor);
  const from = await lockedLot(trx, input.id);
  const id = await insertLot(trx, copiedValues(from, {}));
  await copyLotImages(trx, from.id, id);
  const staggered = await restagger(trx, [from.auction_type_id]);
  const lot = await getLotView(trx, id);
  return {
    result: lot,
    events: [
      domainEvent(
        'lot.created',
        { type: 'item', id },
        { item_id: id, name: lot.name, auction_type_id: lot.auction_type_id, date_to: lot.date_to, duplicated_from: from.id },
      ),
      ...staggered,
    ],
  };
}

/**
 * Command: an operator relists an unsold lot into a sale: a new open lot copying its fields and
 * pictures (no bids, no code), with the given dates or the sale's. The unsold lot stays as it
 * closed, with its bids. Events `lot.relisted {item_id (the new lot), from_item_id,
 * auction_type_id}` and, in a staggered sale, `sale.closes_rescheduled`.
 * @returns the new lot.
 * @throws AppError 403; 404 'Lot not found'; 409 when the lot is not unsold; 422
 *   `errors.auction_type_id` (unknown sale), `errors.quantity`, `errors.date_to`.
 * Source: issue 13 "Lots (items)" (relist an unsold lot into another sale).
 */
export async function relistLot(trx: Transaction<Database>, actor: Actor, input: { id: number } & RelistLotInput): Promise<CommandOutcome<LotView>> {
  requireOperator(actor);
  const from = await lockedLot(trx, input.id);
  if (from.status !== 'unsold') throw new AppError(409, 'conflict', 'Only an unsold lot can be relisted.');
  const sale = await requireSale(trx, input.auction_type_id);
  requireQuantityFits(sale.type, from.quantity);
  const dateFrom = input.date_from ?? sale.date_from;
  const dateTo = input.date_to ?? sale.date_to;
  const broken = lotRuleErrors({ date_from: dateFrom, date_to: dateTo, target_amount: Number(from.target_amount) });
  if (Object.keys(broken).length) throw AppError.validation(broken);
  const id = await insertLot(trx, copiedValues(from, { auction_type_id: sale.id, date_from: dateFrom, date_to: dateTo }));
  await copyLotImages(trx, from.id, id);
  const staggered = await restagger(trx, [sale.id]);
  const lot = await getLotView(trx, id);
  return {
    result: lot,
    events: [
      domainEvent('lot.relisted', { type: 'item', id }, { item_id: id, from_item_id: from.id, auction_type_id: sale.id, name: lot.name, date_to: lot.date_to }),
      ...staggered,
    ],
  };
}

/**
 * Command: an operator withdraws several lots (with one reason) or moves them to a sale, all or
 * none. Withdraw: each lot as {@link withdrawLot}. Move: each lot must be open without bids; it is
 * numbered after the target sale's last lot, and the sales involved are restaggered (events
 * `lot.updated` and `item.updated` per lot).
 * @returns the ids changed (a lot already in the target sale is left as it is).
 * @throws AppError 403; 422 `errors.ids` naming unknown lots or those that cannot take the action;
 *   `errors.auction_type_id` for an unknown sale.
 * Source: issue 13 "Lots (items)" (bulk actions: withdraw, move to a sale).
 */
export async function bulkLots(trx: Transaction<Database>, actor: Actor, input: BulkLotsInput): Promise<CommandOutcome<{ ids: number[] }>> {
  requireOperator(actor);
  const lots = await lockLots(trx, input.ids);
  const found = new Set(lots.map((l) => l.id));
  const unknown = input.ids.filter((id) => !found.has(id));
  if (unknown.length) throw AppError.validation({ ids: [`These lots do not exist: ${unknown.map((id) => `#${id}`).join(', ')}.`] });
  const events: DomainEvent[] = [];
  if (input.action === 'withdraw') {
    const refusals = lots.map(withdrawRefusal).filter((r): r is string => r !== null);
    if (refusals.length) throw AppError.validation({ ids: refusals });
    for (const lot of lots) events.push(...(await applyWithdraw(trx, lot, input.reason!)));
    return { result: { ids: lots.map((l) => l.id) }, events };
  }
  const sale = await requireSale(trx, input.auction_type_id!);
  const refusals = lots.flatMap((l) =>
    !isOpen(l) ? [`Lot #${l.id} is closed or withdrawn: relist it instead.`] : l.bid_count > 0 ? [`Lot #${l.id} has bids: it stays in its sale.`] : [],
  );
  const tooMany = sale.type !== 'cash' ? lots.filter((l) => l.quantity > 1) : [];
  for (const l of tooMany) refusals.push(`Lot #${l.id} has a quantity of ${l.quantity}: only a daily sale holds more than one.`);
  if (refusals.length) throw AppError.validation({ ids: refusals });
  const moving = lots.filter((l) => l.auction_type_id !== sale.id);
  for (const lot of moving) {
    await updateLotRow(trx, lot.id, { auction_type_id: sale.id, lot_number: null });
    events.push(...updatedEvents(lot.id, { auction_type_id: { before: lot.auction_type_id, after: sale.id } }));
  }
  if (moving.length) events.push(...(await restagger(trx, [...moving.map((l) => l.auction_type_id), sale.id])));
  return { result: { ids: moving.map((l) => l.id) }, events };
}

/** `lot.images_changed` and `item.updated` (open pages show the new pictures). */
function imageEvents(itemId: number, action: 'added' | 'reordered' | 'deleted', imageIds: number[]): DomainEvent[] {
  return [
    domainEvent('lot.images_changed', { type: 'item', id: itemId }, { item_id: itemId, action, image_ids: imageIds }),
    domainEvent('item.updated', { type: 'item', id: itemId }, { item_id: itemId }),
  ];
}

/**
 * Command: adds pictures (already stored by server/lots/lot-images.ts) after a lot's last one; the
 * first picture of a lot without any becomes its cover. Events `lot.images_changed` and `item.updated`.
 * @returns the lot with its pictures.
 * @throws AppError 403; 404 'Lot not found'.
 * Source: issue 13 "Lots (items)" (pictures).
 */
export async function addLotImages(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; images: LotImageValues[] },
): Promise<CommandOutcome<LotView>> {
  requireOperator(actor);
  const lot = await lockedLot(trx, input.id);
  const ids = await insertLotImages(trx, lot.id, input.images);
  return { result: await getLotView(trx, lot.id), events: imageEvents(lot.id, 'added', ids) };
}

/**
 * Command: puts a lot's pictures in a new order (`order`: every picture's id once, the cover
 * first) and/or makes one the cover (`cover`: moved to the front, the others keep their order).
 * The same order again records nothing. Events `lot.images_changed` and `item.updated`.
 * @returns the lot with its pictures.
 * @throws AppError 403; 404 'Lot not found'; 422 `errors.order` when it is not exactly the lot's
 *   pictures, `errors.cover` when the cover is not one of them.
 * Source: issue 13 "Lots (items)" (reorder, choose the cover).
 */
export async function arrangeLotImages(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; patch: LotImagesPatch },
): Promise<CommandOutcome<LotView>> {
  requireOperator(actor);
  const lot = await lockedLot(trx, input.id);
  const images = (await listLotImages(trx, [lot.id])).get(lot.id) ?? [];
  const current = images.map((i) => i.id);
  const owned = new Set(current);
  let order = current;
  if (input.patch.order) {
    const wanted = input.patch.order;
    if (wanted.length !== current.length || wanted.some((id) => !owned.has(id))) {
      throw AppError.validation({ order: ["The order must list every one of the lot's pictures once."] });
    }
    order = wanted;
  }
  if (input.patch.cover !== undefined) {
    if (!owned.has(input.patch.cover)) throw AppError.validation({ cover: ['The cover must be one of the lot’s pictures.'] });
    order = [input.patch.cover, ...order.filter((id) => id !== input.patch.cover)];
  }
  const unchanged = images.every((img, i) => img.id === order[i] && img.position === i);
  if (unchanged) return { result: await getLotView(trx, lot.id), events: [] };
  await setImagePositions(trx, lot.id, order);
  return { result: await getLotView(trx, lot.id), events: imageEvents(lot.id, 'reordered', order) };
}

/**
 * Command: deletes one picture of a lot (the next one becomes the cover when it was the cover).
 * Events `lot.images_changed` and `item.updated`.
 * @returns the lot, and the deleted picture's row with `unused`: whether no other lot shares its
 *   files (a duplicate or relisted copy does), so the caller may delete them after the commit.
 * @throws AppError 403; 404 'Lot not found' or 'Picture not found'.
 * Source: issue 13 "Lots (items)" (delete a picture).
 */
export async function removeLotImage(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; imageId: number },
): Promise<CommandOutcome<{ lot: LotView; removed: LotImageRow; unused: boolean }>> {
  requireOperator(actor);
  const lot = await lockedLot(trx, input.id);
  const removed = await deleteLotImage(trx, lot.id, input.imageId);
  if (!removed) throw AppError.notFound('Picture not found');
  const rest = (await listLotImages(trx, [lot.id])).get(lot.id) ?? [];
  await setImagePositions(
    trx,
    lot.id,
    rest.map((r) => r.id),
  );
  const unused = !(await imageUrlInUse(trx, removed.original_url));
  return { result: { lot: await getLotView(trx, lot.id), removed, unused }, events: imageEvents(lot.id, 'deleted', [removed.id]) };
}
