import type { Transaction, Updateable } from 'kysely';
import { saleRuleErrors, type SaleInput, type SaleLotsOrder, type SalePatch, type SaleView } from '@shared/schemas/sale.schema.js';
import { staggerChanges } from '@shared/rules/staggered-close.js';
import type { AuctionTypesTable, Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import {
  branchExists,
  databaseNow,
  insertSale,
  listSaleFigures,
  lockLotNumbering,
  lockSale,
  lockSaleLots,
  markSalePublished,
  setLotCloses,
  setLotNumbers,
  updateSaleRow,
  type LockedSaleLot,
  type SaleRow,
} from './sales.repository.js';
import { SALE_NOT_FOUND, saleRowToView } from './sales.service.js';

/** Sales are run by operators only. @throws AppError 403 for any other actor. */
function requireOperator(actor: Actor): void {
  if (actor.type !== 'operator') throw AppError.forbidden();
}

/** @throws AppError 422 `errors.branch_id` when the branch does not exist. */
async function requireBranch(trx: Transaction<Database>, branchId: number | null | undefined): Promise<void> {
  if (branchId != null && !(await branchExists(trx, branchId))) throw AppError.validation({ branch_id: ['Choose a branch from the list.'] });
}

/** Locks the sale. @throws AppError 404 'Sale not found'. */
async function lockedSale(trx: Transaction<Database>, id: number): Promise<SaleRow> {
  const sale = await lockSale(trx, id);
  if (!sale) throw AppError.notFound(SALE_NOT_FOUND);
  return sale;
}

/** The sale as operators read it, after a change in this transaction. */
async function readView(trx: Transaction<Database>, id: number): Promise<SaleView> {
  const sale = await lockedSale(trx, id);
  return saleRowToView(sale, (await listSaleFigures(trx, [id])).get(id));
}

/** The stored fields of a sale as the audit trail records them (money and times as the API shows them). */
function auditFields(sale: SaleRow): Record<string, unknown> {
  const { figures: _f, created_at: _c, updated_at: _u, last_close_at: _l, ...fields } = saleRowToView(sale);
  return fields;
}

/** Fields of a PATCH that are compared and recorded, in the order they are shown. */
const PATCH_FIELDS = [
  'name',
  'kind',
  'branch_id',
  'description',
  'terms',
  'webcast_url',
  'date_from',
  'date_to',
  'deposit_required',
  'deposit_amount',
  'buyers_premium_percent',
  'soft_close_minutes',
  'stagger_seconds',
] as const;

/** Which fields' edits can break each rule of {@link saleRuleErrors} (an edit of a legacy sale is judged on what it touches). */
const RULE_FIELDS: Record<string, readonly string[]> = {
  date_to: ['date_from', 'date_to', 'stagger_seconds', 'kind'],
  deposit_amount: ['kind', 'deposit_required', 'deposit_amount'],
  stagger_seconds: ['stagger_seconds', 'kind'],
};

/** A value as compared and recorded: Dates as ISO text. */
const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * Sets the end of every open lot of a staggered online sale (see shared/rules/staggered-close.ts:
 * lot N closes at the sale's `date_to` + (N − 1) × `stagger_seconds`), in the caller's transaction,
 * with the lots locked. `lots`: the sale's lots, already locked ({@link lockSaleLots}) and numbered.
 * `scheduleAll` (publication): every open lot with an end is named in the event, moved or not, so
 * each gets its close job. Closed and withdrawn lots keep their times.
 * @returns the `sale.closes_rescheduled` event, or null when no lot is named.
 */
async function applyStagger(
  trx: Transaction<Database>,
  sale: Pick<SaleRow, 'id' | 'type' | 'date_to' | 'stagger_seconds'>,
  lots: readonly LockedSaleLot[],
  opts: { scheduleAll?: boolean } = {},
): Promise<DomainEvent | null> {
  const open = lots.filter((l) => l.open);
  const numbered = open.flatMap((l) => (l.lot_number != null ? [{ id: l.id, lot_number: l.lot_number, date_to: l.date_to }] : []));
  const changes = staggerChanges(sale, numbered);
  await setLotCloses(
    trx,
    changes.map((c) => ({ id: c.id, date_to: c.after })),
  );
  const moved = new Map(changes.map((c) => [c.id, c]));
  const closes = open.flatMap((l) => {
    const change = moved.get(l.id);
    if (change) return [{ item_id: l.id, lot_number: l.lot_number, before: change.before?.toISOString() ?? null, after: change.after.toISOString() }];
    if (opts.scheduleAll && l.date_to) return [{ item_id: l.id, lot_number: l.lot_number, before: l.date_to.toISOString(), after: l.date_to.toISOString() }];
    return [];
  });
  if (closes.length === 0) return null;
  return domainEvent(
    'sale.closes_rescheduled',
    { type: 'sale', id: sale.id },
    { sale_id: sale.id, date_to: sale.date_to?.toISOString() ?? null, stagger_seconds: sale.stagger_seconds, closes },
  );
}

/**
 * Helper for commands that add lots to a sale or move them between sales (lots, import): after the
 * lots are written (the database numbers a lot that arrives without a number after the sale's
 * last), sets the ends of the sale's open lots when the sale is staggered, in the caller's
 * transaction. Return the event with the command's own: close jobs follow after the commit.
 * @returns `sale.closes_rescheduled` naming the lots whose end moved, or null.
 */
export async function restaggerSale(trx: Transaction<Database>, saleId: number): Promise<DomainEvent | null> {
  const sale = await lockSale(trx, saleId);
  if (!sale) return null;
  return applyStagger(trx, sale, await lockSaleLots(trx, saleId));
}

/**
 * Command: an operator creates a sale, as a draft (bidders see it once published). A live sale
 * always asks a registration with a deposit. Event `sale.created` with the stored fields.
 * @returns the sale as operators read it.
 * @throws AppError 403 for an actor who is not an operator; 422 `errors.branch_id` for an unknown branch.
 * Source: issue 13 "Sales".
 */
export async function createSale(trx: Transaction<Database>, actor: Actor, input: SaleInput): Promise<CommandOutcome<SaleView>> {
  requireOperator(actor);
  await requireBranch(trx, input.branch_id);
  const id = await insertSale(trx, {
    name: input.name,
    type: input.kind,
    branch_id: input.branch_id,
    description: input.description,
    terms: input.terms,
    webcast_url: input.webcast_url,
    date_from: input.date_from,
    date_to: input.date_to,
    deposit_required: input.deposit_required || input.kind === 'live',
    deposit_amount: input.deposit_amount,
    buyers_premium_percent: input.buyers_premium_percent,
    soft_close_minutes: input.soft_close_minutes,
    stagger_seconds: input.stagger_seconds,
    published_at: null,
  });
  const sale = await lockedSale(trx, id);
  return {
    result: saleRowToView(sale),
    events: [domainEvent('sale.created', { type: 'sale', id }, { sale_id: id, name: sale.name, after: auditFields(sale) })],
  };
}

/**
 * Command: an operator edits a sale; only the fields given change. The rules between fields
 * ({@link saleRuleErrors}) are checked on the sale as it would be, for what the edit touches. The
 * kind of a published sale, and of a daily sale, stays. When the end, the stagger or the kind
 * changes, the open lots of a staggered online sale get their new ends in the same transaction
 * (`sale.closes_rescheduled`; their close jobs follow the commit). Event `sale.updated` with each
 * changed field before and after; an edit that changes nothing records nothing.
 * @returns the sale after the edit.
 * @throws AppError 403 for an actor who is not an operator; 404 'Sale not found'; 422 naming the
 *   field (`kind`, `branch_id`, `date_to`, `deposit_amount`, `stagger_seconds`).
 * Source: issue 13 "Sales" (staggered closing: changing N or date_to reschedules every close job).
 */
export async function updateSale(trx: Transaction<Database>, actor: Actor, input: { id: number; patch: SalePatch }): Promise<CommandOutcome<SaleView>> {
  requireOperator(actor);
  const current = await lockedSale(trx, input.id);
  const { patch } = input;
  if (patch.kind !== undefined && patch.kind !== current.type) {
    if (current.type === 'cash') throw AppError.validation({ kind: ['A daily sale stays a daily sale.'] });
    if (current.published_at) throw AppError.validation({ kind: ['A published sale keeps its kind.'] });
  }
  await requireBranch(trx, patch.branch_id);
  const kind = patch.kind ?? current.type;
  const merged = {
    kind,
    date_from: patch.date_from !== undefined ? patch.date_from : current.date_from,
    date_to: patch.date_to !== undefined ? patch.date_to : current.date_to,
    deposit_required: (patch.deposit_required ?? current.deposit_required) || kind === 'live',
    deposit_amount: patch.deposit_amount !== undefined ? patch.deposit_amount : current.deposit_amount,
    stagger_seconds: patch.stagger_seconds !== undefined ? patch.stagger_seconds : current.stagger_seconds,
  };
  const touched = new Set(Object.keys(patch).filter((k) => patch[k as keyof SalePatch] !== undefined));
  const broken = Object.fromEntries(Object.entries(saleRuleErrors(merged)).filter(([rule]) => RULE_FIELDS[rule]?.some((f) => touched.has(f))));
  if (Object.keys(broken).length) throw AppError.validation(broken);
  if (current.published_at && kind === 'online' && touched.has('date_to') && !merged.date_to) {
    throw AppError.validation({ date_to: ['A published online sale needs its end.'] });
  }

  const stored: Record<(typeof PATCH_FIELDS)[number], unknown> = {
    name: current.name,
    kind: current.type,
    branch_id: current.branch_id,
    description: current.description,
    terms: current.terms,
    webcast_url: current.webcast_url,
    date_from: current.date_from,
    date_to: current.date_to,
    deposit_required: current.deposit_required,
    deposit_amount: current.deposit_amount,
    buyers_premium_percent: Number(current.buyers_premium_percent),
    soft_close_minutes: current.soft_close_minutes,
    stagger_seconds: current.stagger_seconds,
  };
  const wanted: Record<string, unknown> = { ...patch, deposit_required: merged.deposit_required };
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of PATCH_FIELDS) {
    if (wanted[field] === undefined) continue;
    const before = comparable(stored[field]);
    const after = comparable(wanted[field]);
    if (before !== after) changes[field] = { before, after };
  }
  if (Object.keys(changes).length === 0) return { result: await readView(trx, input.id), events: [] };

  const set: Updateable<AuctionTypesTable> = {};
  if (changes.name) set.name = patch.name;
  if (changes.kind) set.type = patch.kind;
  if (changes.branch_id) set.branch_id = patch.branch_id;
  if (changes.description) set.description = patch.description;
  if (changes.terms) set.terms = patch.terms;
  if (changes.webcast_url) set.webcast_url = patch.webcast_url;
  if (changes.date_from) set.date_from = patch.date_from;
  if (changes.date_to) set.date_to = patch.date_to;
  if (changes.deposit_required) set.deposit_required = merged.deposit_required;
  if (changes.deposit_amount) set.deposit_amount = patch.deposit_amount;
  if (changes.buyers_premium_percent) set.buyers_premium_percent = patch.buyers_premium_percent;
  if (changes.soft_close_minutes) set.soft_close_minutes = patch.soft_close_minutes;
  if (changes.stagger_seconds) set.stagger_seconds = patch.stagger_seconds;
  await updateSaleRow(trx, input.id, set);
  const after = await lockedSale(trx, input.id);
  const events: DomainEvent[] = [domainEvent('sale.updated', { type: 'sale', id: after.id }, { sale_id: after.id, name: after.name, changes })];
  if (changes.date_to || changes.stagger_seconds || changes.kind) {
    const rescheduled = await applyStagger(trx, after, await lockSaleLots(trx, after.id));
    if (rescheduled) events.push(rescheduled);
  }
  return { result: await readView(trx, input.id), events };
}

/**
 * Command: an operator publishes a draft sale: bidders see it and its lots from now on, its lots
 * take bids and close. An online sale needs its end, in the future; a staggered one sets its open
 * lots' ends. Every open lot with an end is named in `sale.closes_rescheduled`, so its close job
 * is made after the commit. Events `sale.published` (and that one).
 * @returns the published sale.
 * @throws AppError 403 for an actor who is not an operator; 404 'Sale not found'; 409 'This sale
 *   is already published.'; 422 `errors.date_to` when an online sale has no end or it has passed.
 * Source: issue 13 "Sales" (published or draft).
 */
export async function publishSale(trx: Transaction<Database>, actor: Actor, input: { id: number }): Promise<CommandOutcome<SaleView>> {
  requireOperator(actor);
  const sale = await lockedSale(trx, input.id);
  if (sale.published_at) throw new AppError(409, 'conflict', 'This sale is already published.');
  if (sale.type === 'online') {
    if (!sale.date_to) throw AppError.validation({ date_to: ['Set the end of the sale before publishing it.'] });
    if (sale.date_to.getTime() <= (await databaseNow(trx)).getTime()) {
      throw AppError.validation({ date_to: ["The sale's end has passed: move it to a later time before publishing."] });
    }
  }
  if (!(await markSalePublished(trx, sale.id))) throw new AppError(409, 'conflict', 'This sale is already published.');
  const published = await lockedSale(trx, sale.id);
  const events: DomainEvent[] = [
    domainEvent(
      'sale.published',
      { type: 'sale', id: sale.id },
      { sale_id: sale.id, name: sale.name, published_at: published.published_at?.toISOString() ?? new Date().toISOString() },
    ),
  ];
  const closes = await applyStagger(trx, published, await lockSaleLots(trx, sale.id), { scheduleAll: true });
  if (closes) events.push(closes);
  return { result: await readView(trx, sale.id), events };
}

/**
 * Command: an operator puts a sale's lots in a new order: `item_ids` lists every lot of the sale
 * once, lot 1 first; lot numbers follow (1, 2, 3 …). In a staggered online sale the open lots'
 * ends follow their new numbers in the same transaction (`sale.closes_rescheduled`). Event
 * `sale.lots_reordered` with the order before and after; the same order again records nothing.
 * @returns the sale's lots in their new order.
 * @throws AppError 403 for an actor who is not an operator; 404 'Sale not found'; 422
 *   `errors.item_ids` when the list is not exactly the sale's lots.
 * Source: issue 13 "Sales" (drag to reorder; lot numbers follow).
 */
export async function reorderSaleLots(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: number; order: SaleLotsOrder },
): Promise<CommandOutcome<{ id: number; lot_number: number }[]>> {
  requireOperator(actor);
  await lockLotNumbering(trx, input.id);
  const sale = await lockedSale(trx, input.id);
  const lots = await lockSaleLots(trx, sale.id);
  const wanted = input.order.item_ids;
  const ofSale = new Set(lots.map((l) => l.id));
  const foreign = wanted.filter((id) => !ofSale.has(id));
  const listed = new Set(wanted);
  const missing = lots.filter((l) => !listed.has(l.id)).map((l) => l.id);
  if (foreign.length || missing.length) {
    const parts = [
      missing.length ? `missing ${missing.map((id) => `#${id}`).join(', ')}` : '',
      foreign.length ? `not in this sale ${foreign.map((id) => `#${id}`).join(', ')}` : '',
    ].filter(Boolean);
    throw AppError.validation({ item_ids: [`The order must list every lot of the sale once (${parts.join('; ')}).`] });
  }
  const result = wanted.map((id, i) => ({ id, lot_number: i + 1 }));
  const before = lots.map((l) => l.id);
  const unchanged = lots.every((l, i) => l.id === wanted[i] && l.lot_number === i + 1);
  if (unchanged) return { result, events: [] };
  await setLotNumbers(trx, wanted);
  const byId = new Map(lots.map((l) => [l.id, l]));
  const renumbered = wanted.map((id, i) => ({ ...byId.get(id)!, lot_number: i + 1 }));
  const events: DomainEvent[] = [
    domainEvent('sale.lots_reordered', { type: 'sale', id: sale.id }, { sale_id: sale.id, name: sale.name, before, after: [...wanted] }),
  ];
  const closes = await applyStagger(trx, sale, renumbered);
  if (closes) events.push(closes);
  return { result, events };
}
