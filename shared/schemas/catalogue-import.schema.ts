import { z } from 'zod';

/**
 * The columns of a catalogue CSV, in the template's order: the spec's item fields. `code` keys
 * each row (a second import of the same file updates, never duplicates); `name`,
 * `auction_type_id` and `target_amount` are required for a new lot; the rest may be left out or
 * empty. Any other column is an error. Source: issue 13 "Catalogue import and export".
 */
export const CATALOGUE_COLUMNS = [
  'code',
  'name',
  'title',
  'description',
  'auction_type_id',
  'branch_id',
  'target_amount',
  'reserve_price',
  'quantity',
  'condition',
  'featured',
  'date_from',
  'date_to',
] as const;

/** At most this many rows per import. */
export const MAX_IMPORT_ROWS = 5000;

/** At most this many pictures sent one by one per import request (more: send them as one .zip). */
export const MAX_IMPORT_PICTURES = 100;

/** A .zip of pictures per import request: at most this many pictures and this many bytes (MB) packed. Source: issue 13 "Catalogue import". */
export const MAX_ARCHIVE_PICTURES = 5000;
export const MAX_ARCHIVE_MB = 500;

/** What an import does (or, in a preview, would do) with one row. */
export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  code: z.string().nullable(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  /** The lot created or updated (null in a preview of a new lot, or on error). */
  item_id: z.number().nullable(),
  /** Fields that change (update), with their values before and after. */
  changes: z.array(z.string()),
  /** Pictures matched to the row by file name (`{code}.jpg`, `{code}_2.jpg`). */
  pictures: z.number().int(),
  errors: z.array(z.string()),
});
/** See {@link importRowSchema}. */
export type ImportRow = z.infer<typeof importRowSchema>;

/** `POST /api/admin/lots/import` answer: every row and the totals; `dry_run` true for a preview. */
export const importResultSchema = z.object({
  dry_run: z.boolean(),
  rows: z.array(importRowSchema),
  totals: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), error: z.number() }),
  /** Picture names (before `.ext`/`_2`) that match no row's code: an error. */
  unmatched_pictures: z.array(z.string()),
});
/** See {@link importResultSchema}. */
export type ImportResult = z.infer<typeof importResultSchema>;

/** `GET /api/admin/lots/export` query: one sale's lots, or all. */
export const catalogueExportQuerySchema = z.object({
  auction_type_id: z.coerce.number({ message: 'Choose a sale.' }).int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
