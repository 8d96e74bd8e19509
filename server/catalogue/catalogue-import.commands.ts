import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { CATALOGUE_COLUMNS, type ImportResult, type ImportRow } from '@shared/schemas/catalogue-import.schema.js';
import { lotInputSchema, lotPatchSchema } from '@shared/schemas/lot.schema.js';
import type { Database } from '../db/types.js';
import type { Actor, CommandOutcome, DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import type { checkPictures } from '../lots/lot-images.js';
import { addLotImages, createLot, updateLot } from '../lots/lots.commands.js';
import { findLotByCode, listLotImages, type LotImageValues } from '../lots/lots.repository.js';

/** A checked picture of the upload (see server/lots/lot-images.ts). */
export type ImportPicture = Awaited<ReturnType<typeof checkPictures>>[number];

/** One data row of the CSV: its line in the file and its cells by column. */
export interface CatalogueRow {
  line: number;
  cells: Record<string, string>;
}

/** Thrown to roll a preview back: carries what the import would have done. */
export class CataloguePreview extends Error {
  constructor(readonly result: ImportResult) {
    super('preview');
  }
}

/** `field: message` lines of a zod failure. */
function zodMessages(error: z.ZodError): string[] {
  return error.issues.map((i) => (i.path.length && i.path[0] !== '_' ? `${String(i.path[0])}: ${i.message}` : i.message));
}

/** `field: message` lines of an AppError (its field map, else its message). */
function appErrorMessages(err: AppError): string[] {
  return err.errors ? Object.entries(err.errors).flatMap(([f, ms]) => ms.map((m) => (f === '_' ? m : `${f}: ${m}`))) : [err.message];
}

/**
 * Command: imports a catalogue CSV (issue 13 "Catalogue import and export"), all rows or none.
 * Each row is keyed by `code`: a code no lot has creates a lot (as {@link createLot}); a known
 * code updates that lot with the row's columns (as {@link updateLot}; a row equal to the lot
 * changes nothing, so importing the same file twice changes nothing). Pictures are matched by
 * file name (`{code}.jpg`, `{code}_2.jpg`, in name order) and added to lots that have none yet
 * (`store` writes their files). Every row is tried, so the answer names every row's problem.
 * - `dryRun`: throws {@link CataloguePreview} with what would happen (the transaction rolls back).
 * - any row in error (or a picture matching no row): 422 `{message, errors: {rows}, result}`,
 *   nothing imported.
 * @returns every row's action and the totals; the events of the lots' commands.
 */
export async function importCatalogue(
  trx: Transaction<Database>,
  actor: Actor,
  input: {
    rows: CatalogueRow[];
    columns: readonly string[];
    pictures: ReadonlyMap<string, ImportPicture[]>;
    dryRun: boolean;
    store: (itemId: number, pictures: ImportPicture[]) => Promise<LotImageValues[]>;
  },
): Promise<CommandOutcome<ImportResult>> {
  const events: DomainEvent[] = [];
  const out: ImportRow[] = [];
  const seen = new Map<string, number>();
  const fieldColumns = input.columns.filter((c) => c !== 'code');
  for (const row of input.rows) {
    const code = row.cells.code?.trim() || null;
    const result: ImportRow = { line: row.line, code, action: 'error', item_id: null, changes: [], pictures: 0, errors: [] };
    out.push(result);
    if (!code) {
      result.errors.push('code: every row needs a code (it keys the row).');
      continue;
    }
    const key = code.toLowerCase();
    if (seen.has(key)) {
      result.errors.push(`code: ${code} is also on line ${seen.get(key)}.`);
      continue;
    }
    seen.set(key, row.line);
    const cells = Object.fromEntries(fieldColumns.map((c) => [c, row.cells[c] ?? '']));
    const pictures = input.pictures.get(key) ?? [];
    try {
      const existing = await findLotByCode(trx, code, null);
      let itemId: number;
      if (!existing) {
        const parsed = lotInputSchema.safeParse({ ...cells, code });
        if (!parsed.success) {
          result.errors.push(...zodMessages(parsed.error));
          continue;
        }
        itemId = (await createLot(trx, actor, parsed.data).then((o) => (events.push(...o.events), o.result))).id;
        result.action = 'create';
      } else {
        itemId = Number(existing.id);
        result.action = 'unchanged';
        if (fieldColumns.length) {
          const parsed = lotPatchSchema.safeParse(cells);
          if (!parsed.success) {
            result.errors.push(...zodMessages(parsed.error));
            result.action = 'error';
            continue;
          }
          const outcome = await updateLot(trx, actor, { id: itemId, patch: parsed.data });
          events.push(...outcome.events);
          const updated = outcome.events.find((e) => e.type === 'lot.updated');
          if (updated) {
            result.action = 'update';
            result.changes = Object.keys((updated.payload as { changes: Record<string, unknown> }).changes);
          }
        }
      }
      result.item_id = itemId;
      // Pictures go to lots without any, so a second import of the same files adds none.
      if (pictures.length && ((await listLotImages(trx, [itemId])).get(itemId)?.length ?? 0) === 0) {
        result.pictures = pictures.length;
        if (!input.dryRun) {
          const outcome = await addLotImages(trx, actor, { id: itemId, images: await input.store(itemId, pictures) });
          events.push(...outcome.events);
        }
      }
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      result.action = 'error';
      result.item_id = null;
      result.errors.push(...appErrorMessages(err));
    }
  }
  const unmatched = [...input.pictures.keys()].filter((k) => !seen.has(k));
  const totals = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of out) totals[r.action] += 1;
  const result: ImportResult = { dry_run: input.dryRun, rows: out, totals, unmatched_pictures: unmatched };
  const rowErrors = out.filter((r) => r.errors.length).map((r) => `Line ${r.line}${r.code ? ` (${r.code})` : ''}: ${r.errors.join(' ')}`);
  const pictureErrors = unmatched.map((k) => `Pictures named ${k}… match no row's code.`);
  if (input.dryRun) throw new CataloguePreview(result);
  if (rowErrors.length || pictureErrors.length) {
    const errors: Record<string, string[]> = {};
    if (rowErrors.length) errors.rows = rowErrors;
    if (pictureErrors.length) errors.images = pictureErrors;
    const count = rowErrors.length;
    throw new AppError(
      422,
      'validation',
      count ? `${count} ${count === 1 ? 'row has' : 'rows have'} errors: nothing was imported.` : `${pictureErrors[0]} Nothing was imported.`,
      errors,
      { result },
    );
  }
  return { result, events };
}

/** The template's header and one example row (CSV text). */
export const CATALOGUE_TEMPLATE_EXAMPLE: Record<(typeof CATALOGUE_COLUMNS)[number], string> = {
  code: 'GAV-0001',
  name: 'Toyota Hilux 2.4 GD-6 double cab',
  title: '2018, 96,000 km, one owner',
  description: 'Serviced at Toyota Malawi; spare key; tow bar.',
  auction_type_id: '1',
  branch_id: '1',
  target_amount: '18000000',
  reserve_price: '21000000',
  quantity: '1',
  condition: 'used',
  featured: 'false',
  date_from: '',
  date_to: '',
};
